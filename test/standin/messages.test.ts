import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  DiscordAPIError,
  EmbedBuilder,
  type TextChannel,
} from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

async function apiError(promise: Promise<unknown>): Promise<DiscordAPIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DiscordAPIError) return error;
    throw error;
  }
  throw new Error('expected a DiscordAPIError, the request succeeded');
}

describe('discord-standin: REST messages, DMs, threads, fetches', () => {
  let h: Harness;
  let general: TextChannel;

  beforeEach(async () => {
    h = await startHarness({ maxFileSizeBytes: 64 * 1024 });
    general = (await h.client.channels.fetch(h.standin.channelId('general'))) as TextChannel;
  });
  afterEach(async () => {
    await h.close();
  });

  it('channel message with embed and buttons is recorded with who could see it', async () => {
    const sent = await general.send({
      content: 'The campaign of 1757 begins',
      embeds: [
        new EmbedBuilder()
          .setTitle('Turn 1')
          .setDescription('Spring')
          .addFields({ name: 'Prussia', value: '12 SP' }),
      ],
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('ready').setLabel('Ready').setStyle(ButtonStyle.Success),
        ),
      ],
    });
    const [recorded] = h.standin.messagesIn('general');
    expect(recorded?.id).toBe(sent.id);
    expect(recorded?.embeds[0]?.title).toBe('Turn 1');
    expect(recorded?.components).toHaveLength(1);
    expect(recorded?.visibleTo.sort()).toEqual(
      [h.standin.userId('frederick'), h.standin.userId('maria')].sort(),
    );
    const edited = await sent.edit({ content: 'The campaign of 1757 is under way' });
    expect(edited.editedTimestamp).not.toBeNull();
    expect(h.standin.messagesIn('general')[0]?.content).toBe('The campaign of 1757 is under way');
  });

  it('a restricted channel is seen only by its role', async () => {
    const room = (await h.client.channels.fetch(h.standin.channelId('war-room'))) as TextChannel;
    await room.send('Umpire eyes only');
    expect(h.standin.messagesIn('war-room')[0]?.visibleTo).toEqual([h.standin.userId('frederick')]);
    expect(h.standin.seenBy('maria')).toEqual([]);
  });

  it('attachment upload: bytes arrive intact (multipart) and can be downloaded from the stand-in', async () => {
    const bytes = Buffer.alloc(40_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    const sent = await general.send({
      content: 'Map',
      files: [new AttachmentBuilder(bytes, { name: 'map.bin' })],
    });
    const [attachment] = h.standin.attachments({ messageId: sent.id });
    expect(attachment?.filename).toBe('map.bin');
    expect(Buffer.from(attachment!.bytes).equals(bytes)).toBe(true);
    expect(sent.attachments.first()?.size).toBe(bytes.length);
    const downloaded = Buffer.from(await (await fetch(sent.attachments.first()!.url)).arrayBuffer());
    expect(downloaded.equals(bytes)).toBe(true);
  });

  it('a file over the configured size limit is refused with 413 / 40005', async () => {
    const error = await apiError(
      general.send({ files: [new AttachmentBuilder(Buffer.alloc(64 * 1024 + 1), { name: 'big.bin' })] }),
    );
    expect(error.status).toBe(413);
    expect(error.code).toBe(40005);
    expect(h.standin.messagesIn('general')).toEqual([]);
  });

  it('limit violations are answered 400 / 50035 with Discord-shaped errors and change nothing', async () => {
    const tooLong = await apiError(general.send('x'.repeat(2001)));
    expect(tooLong.code).toBe(50035);
    expect(tooLong.rawError).toMatchObject({
      errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } },
    });

    const embeds = Array.from({ length: 2 }, () => new EmbedBuilder().setDescription('y'.repeat(3500)));
    const total = await apiError(general.send({ embeds }));
    expect(total.rawError).toMatchObject({
      errors: { embeds: { _errors: [{ code: 'MAX_EMBED_SIZE_EXCEEDED' }] } },
    });

    const sixButtons = new ActionRowBuilder<ButtonBuilder>().addComponents(
      Array.from({ length: 6 }, (_, i) =>
        new ButtonBuilder().setCustomId(`b${i}`).setLabel(`${i}`).setStyle(ButtonStyle.Primary),
      ),
    );
    const wide = await apiError(general.send({ content: 'too wide', components: [sixButtons] }));
    expect(wide.rawError).toMatchObject({
      errors: { components: { '0': { components: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } },
    });

    const fields = Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: 'v' }));
    const tooManyFields = await apiError(general.send({ embeds: [{ title: 't', fields }] }));
    expect(tooManyFields.rawError).toMatchObject({
      errors: { embeds: { '0': { fields: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } },
    });

    const empty = await apiError(h.client.rest.post(`/channels/${general.id}/messages`, { body: {} }));
    expect(empty.code).toBe(50006);

    expect(h.standin.messagesIn('general')).toEqual([]);
    expect(h.standin.rejections().map((r) => r.code)).toEqual([50035, 50035, 50035, 50035, 50006]);
  });

  it('command definition limits: bad name, too long a description, more than 100 global commands', async () => {
    const bad = await apiError(h.client.application!.commands.create({ name: 'Campaign', description: 'x' }));
    expect(bad.rawError).toMatchObject({
      errors: { name: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME' }] } },
    });
    const long = await apiError(
      h.client.application!.commands.create({ name: 'march', description: 'd'.repeat(101) }),
    );
    expect(long.rawError).toMatchObject({
      errors: { description: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH' }] } },
    });
    const many = Array.from({ length: 101 }, (_, i) => ({ name: `cmd${i}`, description: 'd' }));
    const tooMany = await apiError(h.client.application!.commands.set(many));
    expect(tooMany.code).toBe(50035);
    expect(h.standin.commands()).toEqual([]);
  });

  it('DM: the bot opens a DM channel and the recipient alone sees it', async () => {
    const fred = await h.client.users.fetch(h.standin.userId('frederick'));
    await fred.send('Your secret objective: hold Silesia');
    const [dm] = h.standin.dmsOf('frederick');
    expect(dm?.content).toBe('Your secret objective: hold Silesia');
    expect(dm?.audience).toBe('dm');
    expect(dm?.visibleTo).toEqual([h.standin.userId('frederick')]);
  });

  it('DM to a user with DMs closed: 50007 Cannot send messages to this user', async () => {
    const maria = await h.client.users.fetch(h.standin.userId('maria'));
    const error = await apiError(maria.send('Hello'));
    expect(error.status).toBe(403);
    expect(error.code).toBe(50007);
    expect(error.message).toBe('Cannot send messages to this user');
    expect(h.standin.dmsOf('maria')).toEqual([]);
  });

  it('threads: public and private threads, adding a member makes the private one visible to them', async () => {
    const publicThread = await general.threads.create({ name: 'Battle of Leuthen' });
    await publicThread.send('Public battle report');
    const privateThread = await general.threads.create({
      name: 'Secret council',
      type: ChannelType.PrivateThread,
    });
    await privateThread.members.add(h.standin.userId('frederick'));
    await privateThread.send('Only the council reads this');
    expect(h.standin.messagesIn(publicThread.id)[0]?.visibleTo.length).toBe(2);
    expect(h.standin.messagesIn(privateThread.id)[0]?.visibleTo).toEqual([h.standin.userId('frederick')]);
    const kinds = h.standin.events
      .filter((e) => e.kind === 'thread-create' || e.kind === 'thread-member-add')
      .map((e) => e.kind);
    expect(kinds).toEqual(['thread-create', 'thread-create', 'thread-member-add']);
  });

  it('fetching channel, guild, member and user returns real shapes', async () => {
    const guild = await h.client.guilds.fetch({ guild: h.standin.guildId, force: true });
    expect(guild.name).toBe('Seven Years War (stand-in)');
    const member = await guild.members.fetch({ user: h.standin.userId('maria'), force: true });
    expect(member.user.username).toBe('maria');
    const user = await h.client.users.fetch(h.standin.userId('outsider'), { force: true });
    expect(user.username).toBe('outsider');
    const channel = await h.client.channels.fetch(h.standin.channelId('war-room'), { force: true });
    expect(channel?.type).toBe(ChannelType.GuildText);
    const unknownMember = await apiError(
      guild.members.fetch({ user: h.standin.userId('outsider'), force: true }),
    );
    expect(unknownMember.code).toBe(10007);
    expect(h.standin.unknownRequests).toEqual([]);
  });

  it('a user message reaches the bot as MESSAGE_CREATE', async () => {
    let received: string | undefined;
    h.client.once('messageCreate', (m) => {
      received = m.content;
    });
    h.standin.user('maria').say('general', 'I propose a truce');
    expect(await h.standin.waitFor(() => received, 'MESSAGE_CREATE at the bot')).toBe('I propose a truce');
  });
});
