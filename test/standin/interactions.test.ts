import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  type Interaction,
  InteractionContextType,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

const campaign = new SlashCommandBuilder()
  .setName('campaign')
  .setDescription('Run a Seven Years War campaign')
  .addSubcommand((s) =>
    s
      .setName('create')
      .setDescription('Start a campaign')
      .addStringOption((o) =>
        o
          .setName('scenario')
          .setDescription('Scenario')
          .setRequired(true)
          .addChoices({ name: '1756', value: '1756' }, { name: '1757', value: '1757' }),
      )
      .addIntegerOption((o) => o.setName('players').setDescription('Players').setMinValue(2).setMaxValue(4))
      .addUserOption((o) => o.setName('ally').setDescription('An ally')),
  )
  .addSubcommand((s) =>
    s
      .setName('join')
      .setDescription('Join as a power')
      .addStringOption((o) =>
        o.setName('power').setDescription('Power').setRequired(true).setAutocomplete(true),
      ),
  );
const ping = new SlashCommandBuilder().setName('ping').setDescription('Check the bot answers');

describe('discord-standin: interactions through a real discord.js Client', () => {
  let h: Harness;
  const handlerErrors: unknown[] = [];
  let handler: (i: Interaction) => Promise<void> = async () => {};

  beforeEach(async () => {
    handlerErrors.length = 0;
    h = await startHarness();
    h.client.on('interactionCreate', async (i) => {
      try {
        await handler(i);
      } catch (error) {
        handlerErrors.push(error);
      }
    });
    await h.client.application!.commands.set([campaign.toJSON(), ping.toJSON()]);
  });
  afterEach(async () => {
    await h.close();
    expect(h.standin.unknownRequests).toEqual([]);
  });

  it('registers commands by bulk overwrite and keeps ids for unchanged names', async () => {
    const before = h.standin.commands().map((c) => [c.name, c.id]);
    expect(before.map(([n]) => n)).toEqual(['campaign', 'ping']);
    await h.client.application!.commands.set([campaign.toJSON()]);
    expect(h.standin.commands().map((c) => [c.name, c.id])).toEqual([before[0]]);
    await h.client.application!.commands.set([ping.toJSON()], h.standin.guildId);
    expect(h.standin.commands(h.standin.guildId).map((c) => c.name)).toEqual(['ping']);
  });

  it('slash command with subcommand and options is answered with a public reply everyone in the channel sees', async () => {
    let seen: unknown;
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      seen = {
        sub: i.options.getSubcommand(),
        scenario: i.options.getString('scenario'),
        players: i.options.getInteger('players'),
        ally: i.options.getUser('ally')?.username,
        member: i.inCachedGuild() ? i.member.displayName : null,
      };
      await i.reply({ content: `Campaign ${i.options.getString('scenario')} created` });
    };
    const fred = h.standin.user('frederick');
    fred.slash('campaign', { sub: 'create', options: { scenario: '1757', players: 3, ally: 'maria' } });
    const reply = await h.standin.lastReplyTo('frederick');
    expect(reply.content).toBe('Campaign 1757 created');
    expect(reply.audience).toBe('channel');
    expect(reply.visibleTo.sort()).toEqual([h.standin.userId('frederick'), h.standin.userId('maria')].sort());
    expect(seen).toEqual({ sub: 'create', scenario: '1757', players: 3, ally: 'maria', member: 'frederick' });
    expect(handlerErrors).toEqual([]);
  });

  it('a simulated user cannot send an option value the Discord client would refuse', () => {
    const fred = h.standin.user('frederick');
    expect(() => fred.slash('campaign', { sub: 'create', options: { scenario: '1800' } })).toThrow(
      /must be one of/,
    );
    expect(() => fred.slash('campaign', { sub: 'create', options: {} })).toThrow(
      /required option "scenario"/,
    );
    expect(() => fred.slash('campaign', { options: {} })).toThrow(/needs a subcommand/);
    expect(() => fred.slash('nope')).toThrow(/no \/nope command/);
  });

  it('ephemeral reply is visible to the invoking user only', async () => {
    handler = async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'secret orders', flags: MessageFlags.Ephemeral });
    };
    h.standin.user('maria').slash('ping');
    const reply = await h.standin.lastReplyTo('maria');
    expect(reply.audience).toBe('ephemeral');
    expect(reply.visibleTo).toEqual([h.standin.userId('maria')]);
    expect(h.standin.messagesIn('general', { visibleTo: 'frederick' })).toEqual([]);
  });

  it('deferred reply then follow-up fills the "thinking" message; a second follow-up is a new message', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await i.followUp('Turn resolved');
      await i.followUp({ content: 'Only you: your hand', flags: MessageFlags.Ephemeral });
    };
    const handle = h.standin.user('frederick').slash('ping');
    const answer = await handle.reply();
    await h.standin.waitFor(() => (handle.followUps().length === 1 ? true : undefined), 'second follow-up');
    expect(answer.content).toBe('Turn resolved');
    expect(answer.origin).toBe('interaction-deferred');
    expect(answer.flags & MessageFlags.Loading).toBe(0);
    const [second] = handle.followUps();
    expect(second?.audience).toBe('ephemeral');
    expect(second?.visibleTo).toEqual([h.standin.userId('frederick')]);
  });

  it('deferred reply then editReply, and deleteReply removes it', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await i.editReply('Done');
    };
    const reply = await h.standin.user('frederick').slash('ping').reply();
    expect(reply.content).toBe('Done');
    expect(reply.history).toHaveLength(1);
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('temporary');
      await i.deleteReply();
    };
    const temporary = await h.standin.user('frederick').slash('ping').reply();
    await h.standin.waitFor(() => (temporary.deleted ? true : undefined), 'the reply to be deleted');
    expect(h.standin.messagesIn('general').map((m) => m.content)).toEqual(['Done']);
  });

  it('button click: update edits the clicked message; deferUpdate + editReply edits it too', async () => {
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId('march').setLabel('March').setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId('halt').setLabel('Halt').setStyle(ButtonStyle.Secondary),
    );
    handler = async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'Orders?', components: [row] });
      else if (i.isButton() && i.customId === 'march')
        await i.update({ content: 'Marching', components: [] });
      else if (i.isButton() && i.customId === 'halt') {
        await i.deferUpdate();
        await i.editReply({ content: 'Halted' });
      }
    };
    const fred = h.standin.user('frederick');
    const orders = await fred.slash('ping').reply();
    expect(orders.components).toHaveLength(1);
    const updated = await fred.click(orders.id, 'march').reply();
    expect(updated.id).toBe(orders.id);
    expect(updated.content).toBe('Marching');
    expect(() => fred.click(orders.id, 'march')).toThrow(/no component/);

    const again = await fred.slash('ping').reply();
    const halted = await h.standin.user('maria').click(again.id, 'halt').reply();
    expect(halted.id).toBe(again.id);
    expect(halted.content).toBe('Halted');
  });

  it('select menu: chosen values reach the bot and must be offered options', async () => {
    const menu = new StringSelectMenuBuilder()
      .setCustomId('power')
      .setMinValues(1)
      .setMaxValues(2)
      .addOptions({ label: 'Prussia', value: 'prussia' }, { label: 'Austria', value: 'austria' });
    handler = async (i) => {
      if (i.isChatInputCommand())
        await i.reply({
          content: 'Pick',
          components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
        });
      else if (i.isStringSelectMenu())
        await i.reply({ content: `You chose ${i.values.join('+')}`, flags: MessageFlags.Ephemeral });
    };
    const fred = h.standin.user('frederick');
    const pick = await fred.slash('ping').reply();
    expect(() => fred.select(pick.id, 'power', ['russia'])).toThrow(/no option "russia"/);
    const answer = await fred.select(pick.id, 'power', ['prussia', 'austria']).reply();
    expect(answer.content).toBe('You chose prussia+austria');
  });

  it('autocomplete: focused option and partial text reach the bot; the choices come back', async () => {
    handler = async (i) => {
      if (!i.isAutocomplete()) return;
      const focused = i.options.getFocused(true);
      const powers = ['Prussia', 'Hanover', 'Austria', 'Russia', 'France', 'Sweden'];
      await i.respond(
        powers
          .filter((p) => p.toLowerCase().includes(focused.value.toLowerCase()))
          .map((p) => ({ name: p, value: p })),
      );
    };
    const choices = await h.standin
      .user('frederick')
      .autocomplete('campaign', { sub: 'join', options: { power: 'ss' }, focused: 'power' })
      .choices();
    expect(choices.map((c) => c.name)).toEqual(['Prussia', 'Russia']);
  });

  it('modal: shown in answer to a slash command, submitted by the user, fields reach the bot', async () => {
    handler = async (i) => {
      if (i.isChatInputCommand()) {
        await i.showModal(
          new ModalBuilder()
            .setCustomId('orders')
            .setTitle('Write orders')
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(
                new TextInputBuilder()
                  .setCustomId('text')
                  .setLabel('Orders')
                  .setStyle(TextInputStyle.Paragraph),
              ),
            ),
        );
      } else if (i.isModalSubmit()) {
        await i.reply({
          content: `Orders received: ${i.fields.getTextInputValue('text')}`,
          flags: MessageFlags.Ephemeral,
        });
      }
    };
    const fred = h.standin.user('frederick');
    const modal = await fred.slash('ping').modal();
    expect(modal.title).toBe('Write orders');
    expect(() => fred.submitModal('orders', {})).toThrow(/"text" is required/);
    const reply = await fred.submitModal('orders', { text: 'Attack at dawn' }).reply();
    expect(reply.content).toBe('Orders received: Attack at dawn');
  });

  it('a guild command is invoked with its guild_id; a reply can be awaited with nextMessage', async () => {
    await h.client.application!.commands.set(
      [new SlashCommandBuilder().setName('muster').setDescription('Guild-only muster').toJSON()],
      h.standin.guildId,
    );
    let guildId: string | null | undefined;
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      guildId = i.command?.guildId ?? i.commandGuildId;
      await i.reply('Mustered');
    };
    const next = h.standin.nextMessage((m) => m.content === 'Mustered');
    h.standin.user('maria').slash('muster');
    expect((await next).interactionId).not.toBeNull();
    expect(guildId).toBe(h.standin.guildId);
  });

  it('autocomplete with 26 choices is refused with 50035 under data.choices', async () => {
    handler = async (i) => {
      if (!i.isAutocomplete()) return;
      await i.respond(Array.from({ length: 26 }, (_, n) => ({ name: `p${n}`, value: `p${n}` })));
    };
    h.standin
      .user('frederick')
      .autocomplete('campaign', { sub: 'join', options: { power: 'p' }, focused: 'power' });
    await h.standin.waitFor(() => handlerErrors[0], 'the handler to fail');
    expect((handlerErrors[0] as DiscordAPIError).rawError).toMatchObject({
      code: 50035,
      errors: { data: { choices: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } },
    });
  });

  it('reply with a file and withResponse: multipart callback, bytes intact, response resource returned', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 255, 0]);
    let responseMessageId: string | undefined;
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      const response = await i.reply({
        content: 'The map',
        files: [new AttachmentBuilder(png, { name: 'map.png' })],
        withResponse: true,
      });
      responseMessageId = response.resource?.message?.id;
    };
    const reply = await h.standin.user('frederick').slash('ping').reply();
    await h.standin.waitFor(() => responseMessageId, 'the callback response');
    expect(responseMessageId).toBe(reply.id);
    const [file] = h.standin.attachments({ messageId: reply.id });
    expect(file?.filename).toBe('map.png');
    expect(Buffer.from(file!.bytes).equals(png)).toBe(true);
  });

  it('ephemeral deferral stays ephemeral when edited', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await i.editReply('Your supply status');
    };
    const reply = await h.standin.user('maria').slash('ping').reply();
    expect(reply.content).toBe('Your supply status');
    expect(reply.audience).toBe('ephemeral');
    expect(reply.visibleTo).toEqual([h.standin.userId('maria')]);
  });

  it('a slash command typed in a DM carries user (not member) and the reply is seen by that user', async () => {
    let where: string | undefined;
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      where = `${i.inGuild() ? 'guild' : 'dm'}:${i.user.username}:${i.channelId}`;
      await i.reply('Only between us');
    };
    const reply = await h.standin.user('frederick').slash('ping', { dm: true }).reply();
    expect(reply.audience).toBe('dm');
    expect(where).toBe(`dm:frederick:${reply.channelId}`);
    expect(h.standin.dmsOf('frederick').map((m) => m.content)).toEqual(['Only between us']);
    await h.client.application!.commands.set([
      new SlashCommandBuilder()
        .setName('muster')
        .setDescription('Server only')
        .setContexts(InteractionContextType.Guild)
        .toJSON(),
    ]);
    expect(() => h.standin.user('frederick').slash('muster', { dm: true })).toThrow(/not available in DMs/);
  });

  it('3 s window: a callback after the deadline gets 10062 Unknown interaction', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      h.standin.advanceClock(3001);
      await i.reply('too late');
    };
    const handle = h.standin.user('frederick').slash('ping');
    await h.standin.waitFor(() => handlerErrors[0], 'the handler to fail');
    expect(handlerErrors[0]).toBeInstanceOf(DiscordAPIError);
    expect((handlerErrors[0] as DiscordAPIError).code).toBe(10062);
    expect(handle.state.response).toBeNull();
    expect(h.standin.rejections().map((r) => r.code)).toEqual([10062]);
  });

  it('15 min token lifetime: a follow-up after expiry gets 50027 Invalid Webhook Token', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      h.standin.advanceClock(15 * 60 * 1000 + 1);
      await i.followUp('a quarter hour later');
    };
    h.standin.user('frederick').slash('ping');
    await h.standin.waitFor(() => handlerErrors[0], 'the handler to fail');
    expect((handlerErrors[0] as DiscordAPIError).code).toBe(50027);
  });

  it('acknowledging twice gets 40060', async () => {
    handler = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('one');
      await h.client.rest.post(`/interactions/${i.id}/${i.token}/callback`, {
        body: { type: 4, data: { content: 'two' } },
        auth: false,
      });
    };
    h.standin.user('frederick').slash('ping');
    await h.standin.waitFor(() => handlerErrors[0], 'the handler to fail');
    expect((handlerErrors[0] as DiscordAPIError).code).toBe(40060);
  });

  it('a reply over the limits is refused with 50035 and an errors tree under data', async () => {
    handler = async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'x'.repeat(2001) });
    };
    h.standin.user('frederick').slash('ping');
    await h.standin.waitFor(() => handlerErrors[0], 'the handler to fail');
    const error = handlerErrors[0] as DiscordAPIError;
    expect(error.code).toBe(50035);
    expect(error.rawError).toMatchObject({
      errors: { data: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } },
    });
    expect(h.standin.rejections()[0]?.errors).toEqual([
      'data.content: BASE_TYPE_MAX_LENGTH Must be 2000 or fewer in length.',
    ]);
  });
});
