// `npm start`: the project's main job. With DISCORD_TOKEN set it runs the Discord bot; without
// one it runs the local autopilot demo campaign, so a fresh checkout does something real;
// `npm start -- battle` runs the autopilot Leuthen battle instead (ftg battle demo).
import { formatProblems, parseConfig } from '../../config/env.js';
import { loadCommand } from '../main.js';

export const summary = 'Run the bot (with DISCORD_TOKEN) or the local demo campaign (without)';

export async function run(args: string[]): Promise<number> {
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    console.error(formatProblems(parsed.problems));
    return 2;
  }
  const { config } = parsed;
  if (config.DISCORD_TOKEN) {
    const bot = await loadCommand('bot');
    if (!bot) {
      console.error('This build has no Discord bot yet. Unset DISCORD_TOKEN to run the local demo campaign.');
      return 2;
    }
    return bot.run(args);
  }
  if (args[0] === 'battle') {
    // `npm start -- battle [options]`: the autopilot Leuthen (ftg battle demo).
    console.log(
      'No DISCORD_TOKEN set: running the local demo battle of Leuthen (autopilot on both sides).\n',
    );
    const { run: battleDemo } = await import('../battle/demo.js');
    return battleDemo(args.slice(1));
  }
  console.log('No DISCORD_TOKEN set: running the local demo campaign (autopilot on every seat).');
  console.log('To run the Discord bot, see "Creating the Discord application" in README.md.\n');
  const demo = await loadCommand('demo');
  if (demo) return demo.run(args);
  const map = await loadCommand('map');
  if (map) {
    console.log('The demo campaign is not built yet; checking and rendering the strategic map instead.');
    const code = await map.run(['check']);
    if (code !== 0) return code;
    return map.run(['render', '--out', 'out/map.png']);
  }
  console.log('Nothing to run locally yet.');
  return 0;
}
