// Shared parts of the service benchmark (bench/service.bench.ts): a publisher that draws the real
// pictures the bot posts (the whole map for the channel, a zoom on the seat's front for a DM) and
// reports when each public map is ready, and the Redis clean-up.
import { Redis } from 'ioredis';
import type { OutboundMessage, Publisher } from '../../src/app/publisher.js';
import { frontHex } from '../../src/bot/map-renderer.js';
import type { MapRenderer } from '../../src/bot/types.js';

export interface Posted {
  gameId: string;
  version: number;
  /** Date.now() when the picture was drawn and the message would go out (comparable across processes). */
  at: number;
  bytes: number;
}

export class PicturePublisher implements Publisher {
  constructor(
    private readonly render: MapRenderer,
    private readonly onPublicMap: (p: Posted) => void,
  ) {}
  async publish(m: OutboundMessage): Promise<{ messageId: string | null }> {
    if (m.target.kind === 'channel') {
      const png = await this.render(m.view, {});
      if (m.topic === 'update')
        this.onPublicMap({ gameId: m.gameId, version: m.version, at: Date.now(), bytes: png?.length ?? 0 });
    } else {
      const centre = frontHex(m.view, m.target.seat);
      await this.render(m.view, centre ? { zoom: centre, radius: 4 } : {});
    }
    return { messageId: `${m.gameId}.${m.version}.${m.target.kind}` };
  }
}

export async function dropPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}
