import { describe, expect, it } from 'vitest';
import { bandOf, DEFAULT_BANDS, formulaFor, notation, odds, roll } from '../sim/model/dice.ts';
import { rngFor } from '../sim/rng.ts';

/** The dice (docs/design.md, Dice), checked by enumerating every throw, not by sampling. */
describe("the table's dice", () => {
  it('2d6: 6/36 full, 15/36 at a cost, 15/36 failure', () => {
    const o = odds(formulaFor(0, 0), DEFAULT_BANDS);
    expect(o.of).toBe(36);
    expect(o.bands).toEqual({ critical: 0, full: 6, partial: 15, fail: 15 });
  });

  it('advantage keeps the highest two of 3d6, disadvantage the lowest two; both give exact bands', () => {
    const adv = odds(formulaFor(1, 0), DEFAULT_BANDS);
    const dis = odds(formulaFor(0, 1), DEFAULT_BANDS);
    const dis2 = odds(formulaFor(0, 2), DEFAULT_BANDS);
    expect([notation(formulaFor(1, 0)), notation(formulaFor(0, 1)), notation(formulaFor(0, 2))]).toEqual(['3d6kh2', '3d6kl2', '4d6kl2']);
    // counted over the 216 throws of 3d6 and the 1296 of 4d6, apart from this code
    expect(adv).toEqual({ of: 216, bands: { critical: 0, full: 77, partial: 97, fail: 42 } });
    expect(dis).toEqual({ of: 216, bands: { critical: 0, full: 11, partial: 58, fail: 147 } });
    expect(dis2).toEqual({ of: 1296, bands: { critical: 0, full: 20, partial: 205, fail: 1071 } });
    // each extra die of advantage makes a full success likelier, of disadvantage less likely
    expect(adv.bands.full / adv.of).toBeGreaterThan(6 / 36);
    expect(dis2.bands.full / dis2.of).toBeLessThan(dis.bands.full / dis.of);
  });

  it('one advantage cancels one disadvantage: a plain 2d6', () => {
    expect(formulaFor(1, 1)).toEqual(formulaFor(0, 0));
    expect(formulaFor(2, 1)).toEqual(formulaFor(1, 0));
    expect(odds(formulaFor(3, 3), DEFAULT_BANDS)).toEqual(odds(formulaFor(0, 0), DEFAULT_BANDS));
  });

  it("a pack's critical band takes the 12s out of the full successes", () => {
    const o = odds(formulaFor(0, 0), { ...DEFAULT_BANDS, critical: 12 });
    expect(o.bands).toEqual({ critical: 1, full: 5, partial: 15, fail: 15 });
    expect(bandOf(12, DEFAULT_BANDS)).toBe('full');
  });

  it('a roll keeps what its formula says, and the same key gives the same throw', () => {
    for (let i = 0; i < 200; i++) {
      const r = roll(rngFor(7, i, 'a', 'check'), formulaFor(0, 1), DEFAULT_BANDS);
      expect(r.dice).toHaveLength(3);
      expect(r.kept.reduce((s, d) => s + d, 0)).toBe(r.total);
      const low = [...r.dice].sort((a, b) => a - b);
      expect(r.total).toBe(low[0] + low[1]);
      expect(roll(rngFor(7, i, 'a', 'check'), formulaFor(0, 1), DEFAULT_BANDS)).toEqual(r);
    }
  });
});
