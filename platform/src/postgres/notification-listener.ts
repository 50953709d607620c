import type { Logger } from '../logger';
import type { Pool, PoolClient } from './pool';

/** What a subscriber of a channel hears. */
export interface ChannelSubscriber {
  /** A notification on the channel, its payload as sent. */
  onNotification(payload: string): void;
  /**
   * The listening connection is gone (lost, or the listener stopped): notifications sent from now until
   * `listening` is true again may never arrive, so whatever was kept on the strength of them must go.
   */
  onLost(): void;
}

const RECONNECT_MS = 1_000;

/**
 * One connection per process that LISTENs on the channels other processes NOTIFY (PostgreSQL delivers a
 * notification on its sender's commit, to every connection listening), shared by every subscriber: read
 * caches hear of read-model changes, key caches of erasures. Reconnects after a loss (every subscriber is
 * told, since what was sent meanwhile is lost); while not `listening`, subscribers must not rely on hearing
 * anything. A PostgreSQL server only: PGlite serves every connection from one session.
 */
export class NotificationListener {
  private readonly subscribers = new Map<string, Set<ChannelSubscriber>>();
  private client: PoolClient | null = null;
  private connected = false;
  private stopped = true;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
    /** Every channel it listens on, fixed: one LISTEN each when it connects. */
    private readonly channels: readonly string[],
  ) {}

  /** Whether it is listening on every channel now (a notification sent from now on will be heard). */
  get listening(): boolean {
    return this.connected;
  }

  /** How health reports it: up while listening, degraded while not (what relies on it falls back). */
  health(): { status: 'up' | 'degraded'; mode: 'listen'; channels: readonly string[]; error?: string } {
    return {
      status: this.connected ? 'up' : 'degraded',
      mode: 'listen',
      channels: this.channels,
      ...(!this.connected && { error: "not listening to other processes' announcements; reconnecting" }),
    };
  }

  /** Hears `channel` (one of the listener's channels) until the returned function is called. */
  subscribe(channel: string, subscriber: ChannelSubscriber): () => void {
    if (!this.channels.includes(channel)) throw new Error(`Not a channel this listener listens on: ${channel}`);
    let channelSubscribers = this.subscribers.get(channel);
    if (!channelSubscribers) this.subscribers.set(channel, (channelSubscribers = new Set()));
    channelSubscribers.add(subscriber);
    return () => channelSubscribers.delete(subscriber);
  }

  /** Connects and listens (a failure is logged and retried: the process runs on without hearing). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.connected = false;
    this.tellLost();
    if (client) {
      await client.query('UNLISTEN *').catch(() => undefined);
      client.release();
    }
  }

  private async connect(): Promise<void> {
    let client: PoolClient | null = null;
    try {
      client = await this.pool.connect();
      const connection = client;
      connection.on('notification', (message) => this.deliver(message.channel, message.payload ?? ''));
      connection.on('error', (error) => this.lost(connection, error));
      connection.on('end', () => this.lost(connection));
      this.client = connection;
      await connection.query(this.channels.map((channel) => `LISTEN ${quoteIdentifier(channel)}`).join('; '));
      if (this.client !== connection) return;
      if (this.stopped) {
        await this.stop();
        return;
      }
      this.connected = true;
    } catch (error) {
      this.lost(client, error);
    }
  }

  private deliver(channel: string, payload: string): void {
    for (const subscriber of this.subscribers.get(channel) ?? []) {
      try {
        subscriber.onNotification(payload);
      } catch (error) {
        this.logger.error({ err: error, channel }, 'a notification subscriber failed');
      }
    }
  }

  private tellLost(): void {
    for (const subscribers of this.subscribers.values()) for (const subscriber of subscribers) subscriber.onLost();
  }

  /** The connection failed (`client` null: none was had): tell everyone, release it, try again soon. */
  private lost(client: PoolClient | null, error?: unknown): void {
    // A connection already let go (stopped, or its error and end events both arriving) is past.
    if (client !== null && client !== this.client) return;
    const wasConnected = this.connected;
    this.connected = false;
    this.tellLost();
    if (client) {
      this.client = null;
      client.release(error instanceof Error ? error : true);
    }
    if (this.stopped) return;
    if (wasConnected || error) this.logger.warn({ err: error }, 'stopped listening for notifications; reconnecting');
    this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
    this.retry.unref();
  }
}

const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;
