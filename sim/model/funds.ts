import { z } from 'zod';
import { PackId } from './ids.ts';
import { Text } from './text.ts';

/**
 * A purse nobody owns (a union fund, a burial club): its members pay in through a purpose whose
 * `fund` names it, and its `payout` rule pays a member out of it. Money in a fund is still money in
 * the world: it is counted in the books, and it moves only by the Judge's committed events.
 */
export const Fund = z
  .object({
    id: PackId,
    name: Text,
    /** who belongs: everyone with the role, and/or the people named (by actor id) */
    members: z
      .object({ role: PackId.optional(), actors: z.array(PackId).max(1000).optional() })
      .strict()
      .refine((m) => m.role !== undefined || (m.actors?.length ?? 0) > 0, 'give a `role` or some `actors`'),
    /** what the fund holds when the world begins (counted in the world's money) */
    money: z.number().int().min(0).max(1_000_000_000).default(0),
    /** what a member pays in at a time, at most once a day, when they can spare it: the bots' habit (the Judge takes any amount) */
    payIn: z.number().int().positive().optional(),
    /**
     * the rule it pays out by: a member whose money is below `below` is paid `amount`, if the fund holds
     * it, at most once every `every` ticks (default: once a day)
     */
    payout: z
      .object({
        to: z.literal('member_broke'),
        below: z.number().int().positive(),
        amount: z.number().int().positive(),
        every: z.number().int().positive().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type Fund = z.infer<typeof Fund>;

/** What a fund holds now, and the tick each member was last paid out of it. */
export interface FundState {
  money: number;
  paid: Record<string, number>;
}

/** Whether an actor belongs to a fund: by one of their roles, or by name. */
export function isMember(fund: Pick<Fund, 'members'>, a: { id: string; roles: readonly string[] }): boolean {
  const m = fund.members;
  return (m.role !== undefined && a.roles.includes(m.role)) || (m.actors?.includes(a.id) ?? false);
}
