/**
 * One client TCP connection: reassembles request frames, dispatches them to the API handlers
 * and writes the responses. Handlers run in arrival order; those that must wait (Fetch long
 * poll, JoinGroup, SyncGroup) answer when ready, so responses can be written out of order.
 * Clients match responses by correlation id, and this keeps a long-polling Fetch from
 * delaying the heartbeats a consumer sends on the same connection.
 */
import type { Socket } from 'node:net';
import { apiHandlers, servedApiVersions } from './api/registry';
import type { ResponseBody } from './api/handler';
import { encodeUnsupportedApiVersionsResponse } from './api/api-versions';
import type { BrokerState } from './broker-state';
import { ApiKey } from './protocol/api-keys';
import { encodeResponseFrame, FrameDecoder, readRequestHeader } from './protocol/frame';
import type { RequestHeader } from './protocol/frame';
import { ProtocolReader } from './protocol/reader';

/** A request the broker cannot serve; like Kafka, the connection is closed. */
export class UnsupportedRequestError extends Error {
  override readonly name = 'UnsupportedRequestError';
}

export type ConnectionErrorListener = (error: unknown) => void;

export class ClientConnection {
  private readonly frames = new FrameDecoder();
  private readonly closed = new AbortController();

  constructor(
    private readonly socket: Socket,
    private readonly broker: BrokerState,
    private readonly onError: ConnectionErrorListener,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('close', () => this.closed.abort());
    // Resets by the peer are normal here (clients disconnecting); 'close' follows every error.
    socket.on('error', () => undefined);
  }

  get signal(): AbortSignal {
    return this.closed.signal;
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    try {
      for (const frame of this.frames.push(chunk)) this.dispatch(frame);
    } catch (error) {
      this.fail(error);
    }
  }

  private dispatch(frame: Buffer): void {
    const body = new ProtocolReader(frame);
    const header = readRequestHeader(body);
    const handler = apiHandlers.get(header.apiKey);
    if (handler === undefined || header.apiVersion < handler.minVersion || header.apiVersion > handler.maxVersion) {
      this.rejectUnsupported(header);
      return;
    }
    const response = handler.handle({ header, body, broker: this.broker, signal: this.signal });
    if (response instanceof Promise) {
      response.then(
        (body) => this.respond(header.correlationId, body),
        (error: unknown) => this.fail(error),
      );
    } else {
      this.respond(header.correlationId, response);
    }
  }

  private rejectUnsupported(header: RequestHeader): void {
    if (header.apiKey === ApiKey.ApiVersions) {
      this.respond(header.correlationId, encodeUnsupportedApiVersionsResponse(servedApiVersions));
      return;
    }
    throw new UnsupportedRequestError(
      `api key ${header.apiKey} version ${header.apiVersion} is not served (client ${header.clientId ?? '-'})`,
    );
  }

  private respond(correlationId: number, body: ResponseBody): void {
    if (body === null || this.socket.destroyed) return;
    this.socket.write(encodeResponseFrame(correlationId, body.toBuffer()));
  }

  private fail(error: unknown): void {
    this.onError(error);
    this.socket.destroy();
  }
}
