// A small scripted engine behind the campaign-service port, for the bot's end-to-end tests while
// the real engine binding is being finished. It follows the real action shapes (march, forcemarch,
// depot-build, garrison, done, timeout) and offers prompt decisions (attack option, retreat paths,
// siege + honours of war, prisoner exchange) as legal actions, the way the real engine's phase
// hooks do. Views are allow-listed: the public sees positions and leaders, never strengths; a seat
// sees its own strength. Dice come from a forced list in the options (like --dice).
import type {
  Action,
  ApplyResult,
  EngineEvent,
  RulesEngine,
  Seat,
  StepInfo,
} from '../../../src/app/engine-port.js';

export type ToyStep =
  | { id: string; phase: 'march' | 'forcemarch' | 'depot'; side: 'A' | 'B' }
  | {
      id: string;
      phase: 'combat' | 'siege' | 'prisoner-exchange';
      prompt: string;
      seat: Seat;
      offers: Action[];
    };

export interface ToyLeader {
  id: string;
  name: string;
  nationality: Seat;
  hex: string;
  initiative: number;
}

export interface ToyState {
  stepIndex: number;
  done: Seat[];
  steps: ToyStep[];
  leaders: ToyLeader[];
  forces: Record<string, Record<Seat, number>>;
  depots: Array<{ hex: string; owner: Seat; status: 'building' | 'complete' }>;
  dice: number[];
  log: string[];
  eliminated: Record<Seat, number>;
  moved: string[];
  forceMarch: Record<string, number>;
}

export const SIDES: Record<'A' | 'B', Seat[]> = {
  A: ['prussia', 'hanover'],
  B: ['austria', 'empire', 'france', 'russia', 'sweden'],
};
const ALL = [...SIDES.A, ...SIDES.B];
const sideOf = (s: Seat): 'A' | 'B' => (SIDES.A.includes(s) ? 'A' : 'B');

/** Strengths no public message may ever show (distinctive numbers so a leak is easy to spot). */
export const HIDDEN_SP: Record<string, number> = {
  prussia: 41,
  hanover: 17,
  austria: 37,
  empire: 23,
  france: 29,
  russia: 31,
  sweden: 13,
};

const ON_MAP = /^(0[0-9]|1[0-9]|2[0-9])(0[1-9]|[1-3][0-9])$/;

function initial(dice: number[]): ToyState {
  return {
    stepIndex: 0,
    done: [],
    dice,
    log: [],
    eliminated: {},
    moved: [],
    forceMarch: {},
    depots: [],
    leaders: [
      { id: 'frederick', name: 'Frederick', nationality: 'prussia', hex: '1729', initiative: 3 },
      { id: 'keith', name: 'Keith', nationality: 'prussia', hex: '1729', initiative: 1 },
      { id: 'ferdinand', name: 'Ferdinand', nationality: 'hanover', hex: '1520', initiative: 2 },
      { id: 'daun', name: 'Daun', nationality: 'austria', hex: '1730', initiative: 1 },
      { id: 'rutowski', name: 'Rutowski', nationality: 'empire', hex: '1623', initiative: 0 },
      { id: 'soubise', name: 'Soubise', nationality: 'france', hex: '1410', initiative: 0 },
      { id: 'fermor', name: 'Fermor', nationality: 'russia', hex: '2440', initiative: 1 },
      { id: 'lehwaldt', name: 'Ehrensvärd', nationality: 'sweden', hex: '2530', initiative: 0 },
    ],
    forces: {
      '1729': { prussia: HIDDEN_SP.prussia as number },
      '1520': { hanover: HIDDEN_SP.hanover as number },
      '1730': { austria: HIDDEN_SP.austria as number },
      '1623': { empire: HIDDEN_SP.empire as number },
      '1410': { france: HIDDEN_SP.france as number },
      '2440': { russia: HIDDEN_SP.russia as number },
      '2530': { sweden: HIDDEN_SP.sweden as number },
      '1521': { austria: 2 },
    },
    steps: [
      { id: 's1-march', phase: 'march', side: 'A' },
      { id: 's2-forcemarch', phase: 'forcemarch', side: 'A' },
      { id: 's3-depot', phase: 'depot', side: 'A' },
      {
        id: 's4-attack-option',
        phase: 'combat',
        prompt: 'attack option at Dresden',
        seat: 'prussia',
        offers: [
          { type: 'combat-attack', hex: '1730' },
          { type: 'combat-decline', hex: '1730' },
        ],
      },
      {
        id: 's5-retreat',
        phase: 'combat',
        prompt: 'retreat from Dresden',
        seat: 'austria',
        offers: [
          { type: 'combat-retreat', hex: '1730', to: '1732' },
          { type: 'combat-retreat', hex: '1730', to: '1830' },
        ],
      },
      {
        id: 's6-siege',
        phase: 'siege',
        prompt: 'siege of Magdeburg',
        seat: 'prussia',
        offers: [{ type: 'siege-resolve', hex: '1623' }],
      },
      {
        id: 's7-honours',
        phase: 'siege',
        prompt: 'honours of war at Magdeburg',
        seat: 'prussia',
        offers: [
          { type: 'siege-honours', hex: '1623', grant: true },
          { type: 'siege-honours', hex: '1623', grant: false },
        ],
      },
      {
        id: 's8-surrender',
        phase: 'siege',
        prompt: 'surrender of Magdeburg',
        seat: 'empire',
        offers: [
          { type: 'siege-surrender', hex: '1623', accept: true },
          { type: 'siege-surrender', hex: '1623', accept: false },
        ],
      },
      {
        id: 's9-exchange',
        phase: 'prisoner-exchange',
        prompt: 'prisoner exchange',
        seat: 'austria',
        offers: [{ type: 'exchange-choice' }],
      },
      { id: 's10-march-B', phase: 'march', side: 'B' },
    ],
  };
}

function pendingOf(s: ToyState): Seat[] {
  const step = s.steps[s.stepIndex];
  if (!step) return [];
  if ('side' in step) return SIDES[step.side].filter((x) => !s.done.includes(x));
  return s.done.includes(step.seat) ? [] : [step.seat];
}

function err(rule: string, message: string): ApplyResult<ToyState> {
  return { ok: false, error: { rule, code: 'toy', message } };
}

function roll(s: ToyState): number {
  const d = s.dice.shift();
  return d ?? 3;
}

function advance(s: ToyState): void {
  while (s.steps[s.stepIndex] && pendingOf(s).length === 0) {
    s.stepIndex++;
    s.done = [];
    s.moved = [];
  }
}

function clone(s: ToyState): ToyState {
  return JSON.parse(JSON.stringify(s)) as ToyState;
}

const pub = (text: string, type = 'report'): EngineEvent => ({ type, text, visibility: 'public' });
const priv = (seats: Seat[], text: string, type = 'report'): EngineEvent => ({
  type,
  text,
  visibility: { seats },
});

function moveSp(s: ToyState, from: string, to: string, nation: Seat, sp: number): void {
  const f = s.forces[from] ?? {};
  f[nation] = (f[nation] ?? 0) - sp;
  if ((f[nation] ?? 0) <= 0) delete f[nation];
  s.forces[from] = f;
  const t = s.forces[to] ?? {};
  t[nation] = (t[nation] ?? 0) + sp;
  s.forces[to] = t;
}

function enemiesAt(s: ToyState, hex: string, seat: Seat): Seat[] {
  return Object.keys(s.forces[hex] ?? {}).filter(
    (n) => sideOf(n) !== sideOf(seat) && (s.forces[hex]?.[n] ?? 0) > 0,
  );
}

function applyFree(s: ToyState, seat: Seat, a: Action, phase: string): ApplyResult<ToyState> {
  const events: EngineEvent[] = [];
  if (a.type === 'march') {
    if (phase !== 'march' && phase !== 'forcemarch') return err('4.2', `No marching in the ${phase} phase.`);
    const leader = s.leaders.find((l) => l.id === a.leader);
    if (!leader || leader.nationality !== seat)
      return err('5.3', `${seat} has no leader "${String(a.leader)}".`);
    if (s.moved.includes(leader.id)) return err('5.36', `${leader.name} has already moved this phase.`);
    const path = a.path as string[];
    if (!Array.isArray(path) || path.length === 0) return err('5.3', 'The path is empty.');
    for (const h of path) if (!ON_MAP.test(h)) return err('5.44', `Hex ${h} is off the map.`);
    const mp = phase === 'forcemarch' ? (s.forceMarch[leader.id] ?? 0) : 6;
    if (phase === 'forcemarch' && !(leader.id in s.forceMarch))
      return err('5.2', `${leader.name} has not declared a force march.`);
    if (path.length > mp) return err('5.36', `${leader.name} has ${mp} MP; the path needs ${path.length}.`);
    const take = (a.take as { sp?: number } | undefined)?.sp;
    const here = s.forces[leader.hex]?.[seat] ?? 0;
    const sp = take ?? here;
    if (sp > here) return err('5.35', `Only ${here} SP are in ${leader.hex}.`);
    let at = leader.hex;
    for (const [i, h] of path.entries()) {
      events.push(priv([seat], `${leader.name} enters ${h} (${i + 1} MP spent)`, 'move'));
      moveSp(s, at, h, seat, sp);
      at = h;
      const enemy = enemiesAt(s, h, seat);
      if (enemy.length && i < path.length - 1)
        return err('5.43', `${leader.name} must stop on entering the enemy at ${h}.`);
    }
    leader.hex = at;
    s.moved.push(leader.id);
    events.push(pub(`${seat} moves ${leader.name} to ${at}.`, 'moved'));
    const enemy = enemiesAt(s, at, seat);
    if (a.overwhelm === true) {
      if (!enemy.length) return err('5.5', 'There is no enemy to overwhelm in the last hex.');
      // 5.5: success when the moving SP are at least four times the stationary SP.
      const defending = enemy.reduce((n, x) => n + (s.forces[at]?.[x] ?? 0), 0);
      if (sp >= 4 * defending) {
        for (const n of enemy) {
          s.eliminated[n] = (s.eliminated[n] ?? 0) + (s.forces[at]?.[n] ?? 0);
          delete s.forces[at]?.[n];
        }
        events.push(pub(`Overwhelming attack at ${at} succeeds; the defenders are captured.`, 'overwhelm'));
      } else {
        events.push(pub(`No overwhelming attack was made at ${at}.`, 'overwhelm'));
      }
    }
    if (phase === 'forcemarch') {
      s.eliminated[seat] = (s.eliminated[seat] ?? 0) + 1;
      events.push(priv([seat], 'Force march attrition: 1 SP lost (supply warning).'));
    }
    return { ok: true, state: s, events };
  }
  if (a.type === 'forcemarch') {
    if (phase !== 'forcemarch') return err('5.2', 'Force marches are declared in the Force March Phase.');
    const leader = s.leaders.find((l) => l.id === a.leader);
    if (!leader || leader.nationality !== seat)
      return err('5.2', `${seat} has no leader "${String(a.leader)}".`);
    if (leader.id in s.forceMarch) return err('5.2', `${leader.name} already declared a force march.`);
    const d = roll(s);
    const mp = Math.min(6, d + leader.initiative);
    s.forceMarch[leader.id] = mp;
    events.push(
      priv([seat], `Force march: die ${d} + initiative ${leader.initiative} = ${mp} MP for ${leader.name}.`),
    );
    events.push(pub(`${seat} declares a force march.`));
    return { ok: true, state: s, events };
  }
  if (a.type === 'depot-build') {
    if (phase !== 'depot') return err('10.41', 'Depots are begun in the Depot Creation Phase.');
    const hex = a.hex as string;
    if (!ON_MAP.test(hex)) return err('5.44', `Hex ${hex} is off the map.`);
    if (!(s.forces[hex]?.[seat] ?? 0)) return err('10.41', `A depot needs your own units in ${hex}.`);
    s.depots.push({ hex, owner: seat, status: 'building' });
    events.push(pub(`${seat} begins a depot at ${hex}.`));
    return { ok: true, state: s, events };
  }
  if (a.type === 'garrison') return err('12.11', 'There is no fortress there.');
  return err('input', `Unknown action "${a.type}".`);
}

function applyPrompt(
  s: ToyState,
  step: Extract<ToyStep, { prompt: string }>,
  seat: Seat,
  a: Action,
): ApplyResult<ToyState> {
  const chosen =
    a.type === 'done'
      ? step.offers[step.offers.length - 1]
      : step.offers.find((o) => JSON.stringify(o) === JSON.stringify(a));
  if (!chosen)
    return err(
      step.phase === 'combat' ? '9.1' : step.phase === 'siege' ? '13.3' : '14.1',
      `That is not one of the choices offered for the ${step.prompt}.`,
    );
  const events: EngineEvent[] = [];
  switch (chosen.type) {
    case 'combat-attack': {
      const d = roll(s);
      events.push(
        pub(
          `Battle at Dresden (1730): Prussia attacks Austria (die ${d}); Austria is defeated and must retreat.`,
          'battle',
        ),
      );
      events.push(
        priv(
          ['prussia', 'austria'],
          `Battle forces at 1730: Prussia ${s.forces['1730']?.prussia ?? 0} SP against Austria ${s.forces['1730']?.austria ?? 0} SP.`,
          'battle-detail',
        ),
      );
      break;
    }
    case 'combat-decline':
      events.push(pub('Prussia declines to attack at Dresden.'));
      break;
    case 'combat-retreat': {
      const to = chosen.to as string;
      moveSp(s, '1730', to, 'austria', s.forces['1730']?.austria ?? 0);
      const daun = s.leaders.find((l) => l.id === 'daun');
      if (daun) daun.hex = to;
      events.push(pub(`Austria retreats from Dresden to ${to}.`, 'retreat'));
      break;
    }
    case 'siege-resolve':
      events.push(
        pub(
          `Siege of Magdeburg (1623): die ${roll(s)}, a breach; the garrison asks for the honours of war.`,
          'siege',
        ),
      );
      break;
    case 'siege-honours':
      if (chosen.grant === true) {
        delete s.forces['1623']?.empire;
        events.push(pub('Magdeburg falls; the garrison marches out with the honours of war.', 'siege'));
        s.stepIndex++; // no surrender question
      } else {
        events.push(
          pub('The honours of war are denied at Magdeburg; the garrison is summoned to surrender.', 'siege'),
        );
      }
      break;
    case 'siege-surrender':
      if (chosen.accept === true) {
        delete s.forces['1623']?.empire;
        events.push(pub('Magdeburg surrenders; its garrison becomes prisoners of war.', 'siege'));
      } else {
        events.push(pub('Magdeburg refuses and is stormed.', 'siege'));
      }
      break;
    case 'exchange-choice':
      events.push(pub('Prisoners are exchanged.', 'exchange'));
      break;
  }
  s.done.push(seat);
  return { ok: true, state: s, events };
}

export function toyEngine(): RulesEngine<ToyState> {
  return {
    seats: (scenario) => (scenario === 'toy' ? [...ALL] : undefined),
    setup: (_scenario, _seed, options) =>
      initial(Array.isArray(options.dice) ? (options.dice as number[]) : []),
    apply(state, seat, action) {
      const s = clone(state);
      const step = s.steps[s.stepIndex];
      if (!step) return err('17.0', 'The campaign is over.');
      if (action.type === 'timeout') {
        const who = String(action.seat ?? seat);
        if (!pendingOf(s).includes(who)) return err('service', `${who} is not pending.`);
        const r =
          'prompt' in step
            ? applyPrompt(s, step, who, { type: 'done' })
            : { ok: true as const, state: s, events: [] };
        if (!r.ok) return r;
        if (!('prompt' in step)) s.done.push(who);
        r.events.push(pub(`${who} ran out of time; the default was taken.`, 'timeout'));
        advance(s);
        s.log.push(...r.events.filter((e) => e.visibility === 'public').map((e) => String(e.text)));
        return { ok: true, state: s, events: r.events };
      }
      if (!pendingOf(s).includes(seat)) return err('4.2', `${seat} has nothing to do now.`);
      let r: ApplyResult<ToyState>;
      if ('prompt' in step) r = applyPrompt(s, step, seat, action);
      else if (action.type === 'done') {
        s.done.push(seat);
        r = { ok: true, state: s, events: [] };
      } else r = applyFree(s, seat, action, step.phase);
      if (!r.ok) return r;
      advance(s);
      s.log.push(...r.events.filter((e) => e.visibility === 'public').map((e) => String(e.text)));
      s.log = s.log.slice(-10);
      return { ok: true, state: s, events: r.events };
    },
    legalActions(state, seat) {
      const step = state.steps[state.stepIndex];
      if (!step || !pendingOf(state).includes(seat)) return [];
      if ('prompt' in step) return step.offers;
      return [{ type: 'done' }];
    },
    pendingSeats: pendingOf,
    view(state, seat) {
      const step = state.steps[state.stepIndex];
      const forces: Record<string, Record<string, unknown>> = {};
      for (const [hex, byNation] of Object.entries(state.forces)) {
        for (const [n, sp] of Object.entries(byNation)) {
          if (sp <= 0) continue;
          forces[hex] = forces[hex] ?? {};
          (forces[hex] as Record<string, unknown>)[n] =
            seat !== 'public' && n === seat ? { out: sp, in: 0 } : {};
        }
      }
      const over = !step;
      return {
        turn: 1,
        phase: step?.phase ?? null,
        phasing:
          step && 'side' in step ? (step.side === 'A' ? 'prussian-allied' : 'coalition') : 'prussian-allied',
        leaders: state.leaders.map((l) => ({
          id: l.id,
          name: l.name,
          nationality: l.nationality,
          hex: l.hex,
          status: 'map',
        })),
        forces,
        depots: state.depots,
        supply:
          seat !== 'public' && state.eliminated[seat] ? [`${state.eliminated[seat]} SP lost so far.`] : [],
        events: state.log,
        over: over ? { reason: 'last-turn' } : null,
        victory: over
          ? [
              { side: 'Prussian-Allied', vp: 12, level: 'marginal victory' },
              { side: 'Coalition', vp: 7 },
            ]
          : undefined,
      };
    },
    isOver: (state) => !state.steps[state.stepIndex],
    step(state): StepInfo {
      const step = state.steps[state.stepIndex];
      if (!step) return { id: 'over', kind: 'phase' };
      return { id: step.id, kind: 'prompt' in step ? 'prompt' : 'phase' };
    },
    autopilot(state) {
      const step = state.steps[state.stepIndex];
      if (step && 'prompt' in step) return step.offers[0] as Action;
      return { type: 'done' };
    },
  };
}
