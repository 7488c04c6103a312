import { describe, expect, it } from 'vitest';
import { asleep, awakeTicks, clockOf } from '../sim/model/clock.ts';

/** The world's clock: a quarter-hour tick (96 a day) and a night from 23:00 to 05:00. */
const DAY = 96;
const NIGHT = { ticksPerDay: DAY, sleep: { from: 23, to: 5 } };
const PLAIN = { ticksPerDay: DAY };

describe("the world's clock", () => {
  it('tells the day and the hour from the tick', () => {
    expect(clockOf(0, PLAIN)).toEqual({ day: 1, time: '00:00' });
    expect(clockOf(95, PLAIN)).toEqual({ day: 1, time: '23:45' });
    expect(clockOf(0, { ticksPerDay: DAY, startHour: 6 })).toEqual({ day: 1, time: '06:00' });
    expect(clockOf(72, { ticksPerDay: DAY, startHour: 6 })).toEqual({ day: 2, time: '00:00' });
    expect(clockOf(96 + 34, PLAIN)).toEqual({ day: 2, time: '08:30' });
  });

  it('sleeps across midnight, from the first hour up to the last', () => {
    const at = (h: number) => h * 4;
    expect([22, 23, 0, 4, 5, 12].map((h) => asleep(at(h), NIGHT))).toEqual([false, true, true, true, false, false]);
    expect(asleep(at(3) + DAY * 2, NIGHT)).toBe(true);
    // a night that does not wrap
    expect([0, 1, 3].map((h) => asleep(at(h), { ticksPerDay: DAY, sleep: { from: 1, to: 3 } }))).toEqual([false, true, false]);
    expect(asleep(at(23), PLAIN)).toBe(false);
  });

  it("counts a body's hungry ticks as the awake ones: a night costs nothing", () => {
    // from 22:00 one day to 06:00 the next: 4 awake ticks before 23:00, 4 after 05:00
    expect(awakeTicks(88, 96 + 24, NIGHT)).toBe(8);
    expect(awakeTicks(88, 96 + 24, PLAIN)).toBe(32);
    expect(awakeTicks(10, 10, NIGHT)).toBe(0);
    // a world that starts at 06:00 sleeps 17 hours later
    expect(asleep(17 * 4, { ...NIGHT, startHour: 6 })).toBe(true);
    expect(asleep(0, { ...NIGHT, startHour: 6 })).toBe(false);
  });
});
