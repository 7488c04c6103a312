import { z } from 'zod';
import { Message, Text } from '../../sim/model/text.ts';
import { STATUSES } from '../../sim/model/status.ts';

/**
 * `GET /api/worlds/:w/players/:id/look`: the scene at the player's place (sim/gm/scene.ts), from
 * committed state only, as data and as lines in both languages. Looking changes nothing.
 */
export const LookReply = z.object({
  scene: z.object({
    tick: z.number().int(),
    place: z.object({ id: z.string(), mood: z.number(), closed: z.boolean() }),
    people: z.array(
      z.object({
        id: z.string(),
        status: z.enum(STATUSES),
        seems: z.enum(['well', 'hungry', 'exhausted', 'collapsing']),
        toward: z.enum(['warm', 'neutral', 'cold']),
        player: z.boolean(),
      }),
    ),
    sold: z.array(z.object({ item: z.string(), price: z.number() })),
    open: z.array(z.object({ entity: z.string(), owner: z.string().nullable(), price: z.number(), serves: z.enum(['food', 'class']) })),
    stands: z.array(z.object({ entity: z.string(), owner: z.string().nullable() })),
    said: z.array(z.object({ tick: z.number().int(), actor: z.string(), to: z.string().nullable(), content: Message })),
    ways: z.array(
      z.object({
        to: z.string(),
        distance: z.number(),
        closed: z.boolean(),
        modes: z.array(z.object({ mode: z.string(), money: z.number(), ticks: z.number() })),
      }),
    ),
  }),
  lines: z.array(Text),
});
export type LookReply = z.infer<typeof LookReply>;
