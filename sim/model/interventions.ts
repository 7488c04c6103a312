import { z } from 'zod';
import { PackId, SafeId } from './ids.ts';
import { STRATEGIES, WEIGHT_MAX, WEIGHT_MIN } from './strategy.ts';
import { Text } from './text.ts';

/**
 * A researcher's interventions: labelled changes the Judge commits at a tick, so every
 * effect downstream is attributable to the label. The file is hostile like any input: ids are held
 * to the id shape here, and to the pack and the world by sim/judge/interventions.ts.
 */

/** A label names an intervention in the log, the metrics and the reports: short, and safe as a key. */
export const Label = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits and _ . - (at most 64)')
  .refine((s) => s !== '__proto__' && s !== 'constructor' && s !== 'prototype', 'a reserved name, not a label');

const Head = { label: Label, at: z.number().int().min(0).max(1e9) };

export const Intervention = z.discriminatedUnion('kind', [
  /** a person learns a new fact, true or false, as if they had made it up: it spreads from them like any other */
  z
    .object({
      ...Head,
      kind: z.literal('learn_fact'),
      actor: SafeId,
      content: Text,
      about: SafeId.nullable().default(null),
      truth: z.boolean(),
    })
    .strict(),
  /** an item of the pack (scenario.json `items`) costs this much from now on */
  z.object({ ...Head, kind: z.literal('price'), item: PackId, price: z.number().int().positive().max(1e9) }).strict(),
  /** a job of the pack (scenario.json `jobs`) pays this much from now on */
  z.object({ ...Head, kind: z.literal('wage'), job: PackId, wage: z.number().int().positive().max(1e9) }).strict(),
  /**
   * a new person arrives: a copy of one of the pack's people (`like`, their soul, drives, roles and
   * skills) with a new id, at `place` (default: where that person starts), with `money` booked under a
   * declared `source` (none: an empty purse)
   */
  z
    .object({
      ...Head,
      kind: z.literal('arrive'),
      actor: z
        .string()
        .regex(/^[a-z0-9_]{1,64}$/, 'lower-case letters, digits and _ (at most 64)')
        .pipe(SafeId),
      like: PackId,
      place: SafeId.optional(),
      money: z.number().int().min(0).max(1e9).default(0),
      source: PackId.optional(),
    })
    .strict()
    .refine((a) => a.money === 0 || a.source !== undefined, {
      message: "money needs a `source` (one of the pack's money sources)",
      path: ['source'],
    }),
  /** a person leaves the world for good: they take no part in it from this tick on */
  z.object({ ...Head, kind: z.literal('leave'), actor: SafeId }).strict(),
  /** a person's weight for one strategy (sim/model/strategy.ts) is set; reflection moves it on from there */
  z
    .object({
      ...Head,
      kind: z.literal('drive'),
      actor: SafeId,
      strategy: z.enum(STRATEGIES),
      weight: z.number().min(WEIGHT_MIN).max(WEIGHT_MAX),
    })
    .strict(),
  /** a place closes: nobody moves in, arrives there or buys what it sells, until it opens again */
  z.object({ ...Head, kind: z.literal('close_place'), place: SafeId }).strict(),
  z.object({ ...Head, kind: z.literal('open_place'), place: SafeId }).strict(),
]);
export type Intervention = z.infer<typeof Intervention>;
export type InterventionKind = Intervention['kind'];

/** The file: `{ "interventions": [...] }`, labels unique. */
export const InterventionsFile = z
  .object({
    $schema: z.string().optional(),
    interventions: z.array(Intervention).max(10_000),
  })
  .strict()
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.interventions.forEach((iv, i) => {
      if (seen.has(iv.label))
        ctx.addIssue({ code: 'custom', message: `label "${iv.label}" is used twice`, path: ['interventions', i, 'label'] });
      seen.add(iv.label);
    });
  });
export type InterventionsFile = z.infer<typeof InterventionsFile>;
