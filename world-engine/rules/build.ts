import type { Consequence, WorldChange } from '../../sim/model/consequence.ts';
import type { Message } from '../../sim/model/text.ts';

/** A small builder, so each resolver reads as the story it tells. */
export class Outcome {
  private changes: WorldChange[] = [];
  private resources: Record<string, number> = {};
  private sides: Message[] = [];
  constructor(private narrative: Message) {}

  cost(resource: string, amount: number): this {
    if (amount !== 0) this.resources[resource] = (this.resources[resource] ?? 0) - amount;
    return this;
  }
  gain(resource: string, amount: number): this {
    return this.cost(resource, -amount);
  }
  change(...c: WorldChange[]): this {
    this.changes.push(...c);
    return this;
  }
  side(...m: Message[]): this {
    this.sides.push(...m);
    return this;
  }
  tell(m: Message): this {
    this.narrative = m;
    return this;
  }
  done(): Consequence {
    return { narrative: this.narrative, world_changes: this.changes, resource_changes: this.resources, side_effects: this.sides };
  }
}
