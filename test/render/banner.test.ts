import { describe, expect, it } from 'vitest';
import { bannerLines, phaseLabel } from '../../src/render/banner.js';
import { emptyPicture } from '../../src/render/model.js';

describe('banner', () => {
  it('Turn 9 of the 1757 scenario reads "late August 1757" with the phase and phasing side', () => {
    const l = bannerLines(
      emptyPicture({ scenario: '1757', year: 1757, turn: 9, phase: 'forcemarch', phasing: 'coalition' }),
    );
    expect(l.date).toBe('Turn 9: late August 1757');
    expect(l.phase).toBe('Force March Phase · Coalition Player-Turn');
    expect(l.title).toBe('Scenario 1757');
  });

  it('17.x: a VP estimate from the view is shown signed, for the viewer side', () => {
    const l = bannerLines(
      emptyPicture({
        viewer: 'austria',
        viewerSide: 'coalition',
        vp: { side: 'coalition', value: -3, note: 'estimate' },
      }),
    );
    expect(l.viewer).toBe('Austria (Coalition)');
    expect(l.vp).toBe('VP -3 (estimate)');
  });

  it('without an estimate the banner says so and shows the losses and prisoners the view has', () => {
    const l = bannerLines(
      emptyPicture({
        viewer: 'prussia',
        viewerSide: 'prussian-allied',
        tally: { lost: 4, prisonersHeld: 2, prisonersLost: 1 },
      }),
    );
    expect(l.vp).toBe('VP n/a · lost 4 SP · POWs held 2, lost 1');
  });

  it('the public banner names no side and no tally', () => {
    const l = bannerLines(emptyPicture({ viewer: 'public' }));
    expect(l.viewer).toBe('Public view');
    expect(l.vp).toBe('');
  });

  it('an unknown phase name is shown as is; a turn off the calendar says so', () => {
    expect(phaseLabel('siege')).toBe('Siege Resolution Phase');
    expect(phaseLabel('mystery')).toBe('mystery');
    expect(bannerLines(emptyPicture({ turn: 40 })).date).toBe('Turn 40: (no calendar date)');
  });
});
