/**
 * Membership state machine of one consumer group, following Kafka's GroupCoordinator
 * (KIP-62 rebalance timeouts, KIP-394 member ids assigned by the broker):
 *
 *   Empty ──join──▶ PreparingRebalance ──all members rejoined / rebalance timeout──▶
 *   CompletingRebalance ──leader's SyncGroup──▶ Stable ──join / leave / session expiry──▶ PreparingRebalance
 *
 * JoinGroup and SyncGroup answers are deferred until the rebalance reaches the matching phase;
 * they are returned as promises resolved by the state machine.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode } from './protocol/errors';

export type GroupState = 'Empty' | 'PreparingRebalance' | 'CompletingRebalance' | 'Stable';

export interface GroupProtocol {
  readonly name: string;
  readonly metadata: Buffer;
}

export interface JoinRequest {
  readonly memberId: string;
  readonly clientId: string;
  readonly sessionTimeoutMs: number;
  readonly rebalanceTimeoutMs: number;
  readonly protocolType: string;
  readonly protocols: readonly GroupProtocol[];
}

export interface JoinedMember {
  readonly memberId: string;
  readonly metadata: Buffer;
}

export interface JoinResult {
  readonly errorCode: ErrorCode;
  readonly generationId: number;
  readonly protocolName: string;
  readonly leaderId: string;
  readonly memberId: string;
  /** All members with their metadata for the chosen protocol, for the leader only. */
  readonly members: readonly JoinedMember[];
}

export interface SyncResult {
  readonly errorCode: ErrorCode;
  readonly assignment: Buffer;
}

interface Member {
  readonly memberId: string;
  sessionTimeoutMs: number;
  rebalanceTimeoutMs: number;
  protocols: readonly GroupProtocol[];
  assignment: Buffer;
  awaitingJoin: ((result: JoinResult) => void) | null;
  awaitingSync: ((result: SyncResult) => void) | null;
  sessionTimer: NodeJS.Timeout | null;
}

const EMPTY_ASSIGNMENT = Buffer.alloc(0);
const NO_GENERATION = -1;

/** A JoinGroup answer carrying only an error (and, for MEMBER_ID_REQUIRED, the assigned member id). */
export function joinError(errorCode: ErrorCode, memberId: string): JoinResult {
  return { errorCode, generationId: NO_GENERATION, protocolName: '', leaderId: '', memberId, members: [] };
}

function syncError(errorCode: ErrorCode): SyncResult {
  return { errorCode, assignment: EMPTY_ASSIGNMENT };
}

function unrefTimer(delayMs: number, onTimeout: () => void): NodeJS.Timeout {
  return setTimeout(onTimeout, delayMs).unref();
}

export class ConsumerGroup {
  private state: GroupState = 'Empty';
  private generationId = 0;
  private protocolType: string | null = null;
  private protocolName: string | null = null;
  private leaderId: string | null = null;
  private readonly members = new Map<string, Member>();
  /** Member ids handed out with MEMBER_ID_REQUIRED that have not joined with them yet. */
  private readonly pendingMembers = new Map<string, NodeJS.Timeout>();
  private rebalanceTimer: NodeJS.Timeout | null = null;

  constructor(readonly groupId: string) {}

  get currentState(): GroupState {
    return this.state;
  }

  get currentGeneration(): number {
    return this.generationId;
  }

  join(request: JoinRequest): Promise<JoinResult> {
    if (!this.supportsProtocols(request)) {
      return Promise.resolve(joinError(ErrorCode.InconsistentGroupProtocol, request.memberId));
    }
    if (request.memberId === '') {
      const memberId = `${request.clientId}-${randomUUID()}`;
      this.addPendingMember(memberId, request.sessionTimeoutMs);
      return Promise.resolve(joinError(ErrorCode.MemberIdRequired, memberId));
    }
    const pendingTimer = this.pendingMembers.get(request.memberId);
    if (pendingTimer !== undefined) {
      clearTimeout(pendingTimer);
      this.pendingMembers.delete(request.memberId);
      return this.addMemberAndRebalance(request);
    }
    const member = this.members.get(request.memberId);
    if (member === undefined) {
      return Promise.resolve(joinError(ErrorCode.UnknownMemberId, request.memberId));
    }
    const unchanged = sameProtocols(member.protocols, request.protocols);
    const canReuseGeneration =
      (this.state === 'CompletingRebalance' && unchanged) ||
      (this.state === 'Stable' && unchanged && member.memberId !== this.leaderId);
    if (canReuseGeneration) return Promise.resolve(this.joinResultFor(member.memberId));
    return this.updateMemberAndRebalance(member, request);
  }

  sync(memberId: string, generationId: number, assignments: ReadonlyMap<string, Buffer>): Promise<SyncResult> {
    const member = this.members.get(memberId);
    if (member === undefined) return Promise.resolve(syncError(ErrorCode.UnknownMemberId));
    if (generationId !== this.generationId) return Promise.resolve(syncError(ErrorCode.IllegalGeneration));

    switch (this.state) {
      case 'Empty':
        return Promise.resolve(syncError(ErrorCode.UnknownMemberId));
      case 'PreparingRebalance':
        return Promise.resolve(syncError(ErrorCode.RebalanceInProgress));
      case 'Stable':
        this.scheduleSessionExpiry(member);
        return Promise.resolve({ errorCode: ErrorCode.None, assignment: member.assignment });
      case 'CompletingRebalance': {
        member.awaitingSync?.(syncError(ErrorCode.RebalanceInProgress));
        const result = new Promise<SyncResult>((resolve) => {
          member.awaitingSync = resolve;
        });
        this.scheduleSessionExpiry(member);
        if (memberId === this.leaderId) this.completeSync(assignments);
        return result;
      }
    }
  }

  heartbeat(memberId: string, generationId: number): ErrorCode {
    const member = this.members.get(memberId);
    if (member === undefined) return ErrorCode.UnknownMemberId;
    if (generationId !== this.generationId) return ErrorCode.IllegalGeneration;
    this.scheduleSessionExpiry(member);
    return this.state === 'PreparingRebalance' ? ErrorCode.RebalanceInProgress : ErrorCode.None;
  }

  leave(memberId: string): ErrorCode {
    const pendingTimer = this.pendingMembers.get(memberId);
    if (pendingTimer !== undefined) {
      clearTimeout(pendingTimer);
      this.pendingMembers.delete(memberId);
      this.maybeCompleteJoin();
      return ErrorCode.None;
    }
    const member = this.members.get(memberId);
    if (member === undefined) return ErrorCode.UnknownMemberId;
    this.removeMemberAndRebalance(member);
    return ErrorCode.None;
  }

  /** Whether a member may commit offsets for `generationId` (a negative generation is a standalone commit). */
  validateOffsetCommit(memberId: string, generationId: number): ErrorCode {
    if (generationId < 0 && this.state === 'Empty') return ErrorCode.None;
    if (this.state === 'CompletingRebalance') return ErrorCode.RebalanceInProgress;
    const member = this.members.get(memberId);
    if (member === undefined) return ErrorCode.UnknownMemberId;
    if (generationId !== this.generationId) return ErrorCode.IllegalGeneration;
    this.scheduleSessionExpiry(member);
    return ErrorCode.None;
  }

  /** Cancels every timer; pending JoinGroup/SyncGroup requests are left unanswered. */
  shutdown(): void {
    if (this.rebalanceTimer !== null) clearTimeout(this.rebalanceTimer);
    for (const timer of this.pendingMembers.values()) clearTimeout(timer);
    for (const member of this.members.values()) {
      if (member.sessionTimer !== null) clearTimeout(member.sessionTimer);
    }
  }

  private supportsProtocols(request: JoinRequest): boolean {
    if (request.protocolType === '' || request.protocols.length === 0) return false;
    if (this.members.size === 0) return true;
    if (request.protocolType !== this.protocolType) return false;
    return request.protocols.some(({ name }) =>
      [...this.members.values()].every((member) => member.protocols.some((p) => p.name === name)),
    );
  }

  private addPendingMember(memberId: string, sessionTimeoutMs: number): void {
    const timer = unrefTimer(sessionTimeoutMs, () => {
      this.pendingMembers.delete(memberId);
      this.maybeCompleteJoin();
    });
    this.pendingMembers.set(memberId, timer);
  }

  private addMemberAndRebalance(request: JoinRequest): Promise<JoinResult> {
    const member: Member = {
      memberId: request.memberId,
      sessionTimeoutMs: request.sessionTimeoutMs,
      rebalanceTimeoutMs: request.rebalanceTimeoutMs,
      protocols: request.protocols,
      assignment: EMPTY_ASSIGNMENT,
      awaitingJoin: null,
      awaitingSync: null,
      sessionTimer: null,
    };
    this.members.set(member.memberId, member);
    if (this.members.size === 1) this.protocolType = request.protocolType;
    this.leaderId ??= member.memberId;
    return this.awaitRebalance(member);
  }

  private updateMemberAndRebalance(member: Member, request: JoinRequest): Promise<JoinResult> {
    member.sessionTimeoutMs = request.sessionTimeoutMs;
    member.rebalanceTimeoutMs = request.rebalanceTimeoutMs;
    member.protocols = request.protocols;
    return this.awaitRebalance(member);
  }

  private awaitRebalance(member: Member): Promise<JoinResult> {
    // A member re-sending JoinGroup supersedes its earlier, still unanswered one.
    member.awaitingJoin?.(joinError(ErrorCode.RebalanceInProgress, member.memberId));
    const result = new Promise<JoinResult>((resolve) => {
      member.awaitingJoin = resolve;
    });
    if (this.state !== 'PreparingRebalance') this.prepareRebalance();
    this.maybeCompleteJoin();
    return result;
  }

  private prepareRebalance(): void {
    if (this.state === 'CompletingRebalance') {
      for (const member of this.members.values()) {
        member.awaitingSync?.(syncError(ErrorCode.RebalanceInProgress));
        member.awaitingSync = null;
      }
    }
    this.state = 'PreparingRebalance';
    const rebalanceTimeoutMs = Math.max(0, ...[...this.members.values()].map((m) => m.rebalanceTimeoutMs));
    if (this.rebalanceTimer !== null) clearTimeout(this.rebalanceTimer);
    this.rebalanceTimer = unrefTimer(rebalanceTimeoutMs, () => this.completeJoin());
  }

  private maybeCompleteJoin(): void {
    if (this.state !== 'PreparingRebalance' || this.pendingMembers.size > 0) return;
    const allJoined = [...this.members.values()].every((member) => member.awaitingJoin !== null);
    if (allJoined) this.completeJoin();
  }

  /** Ends the join phase: members that did not rejoin are dropped and a new generation starts. */
  private completeJoin(): void {
    if (this.rebalanceTimer !== null) clearTimeout(this.rebalanceTimer);
    this.rebalanceTimer = null;
    for (const timer of this.pendingMembers.values()) clearTimeout(timer);
    this.pendingMembers.clear();
    for (const member of [...this.members.values()]) {
      if (member.awaitingJoin === null) this.removeMember(member);
    }

    this.generationId += 1;
    if (this.members.size === 0) {
      this.state = 'Empty';
      this.protocolType = null;
      this.protocolName = null;
      return;
    }
    this.protocolName = this.selectProtocol();
    this.state = 'CompletingRebalance';
    for (const member of this.members.values()) {
      const respond = member.awaitingJoin;
      member.awaitingJoin = null;
      respond?.(this.joinResultFor(member.memberId));
      this.scheduleSessionExpiry(member);
    }
  }

  private completeSync(assignments: ReadonlyMap<string, Buffer>): void {
    this.state = 'Stable';
    for (const member of this.members.values()) {
      member.assignment = assignments.get(member.memberId) ?? EMPTY_ASSIGNMENT;
      const respond = member.awaitingSync;
      member.awaitingSync = null;
      respond?.({ errorCode: ErrorCode.None, assignment: member.assignment });
    }
  }

  private joinResultFor(memberId: string): JoinResult {
    const protocolName = this.protocolName ?? '';
    const leaderId = this.leaderId ?? '';
    const members =
      memberId === leaderId
        ? [...this.members.values()].map((member) => ({
            memberId: member.memberId,
            metadata: member.protocols.find((p) => p.name === protocolName)?.metadata ?? EMPTY_ASSIGNMENT,
          }))
        : [];
    return {
      errorCode: ErrorCode.None,
      generationId: this.generationId,
      protocolName,
      leaderId,
      memberId,
      members,
    };
  }

  /** The protocol every member supports that most members list first. */
  private selectProtocol(): string {
    const members = [...this.members.values()];
    const candidates = (members[0]?.protocols ?? [])
      .map((protocol) => protocol.name)
      .filter((name) => members.every((member) => member.protocols.some((p) => p.name === name)));
    const votes = new Map(candidates.map((name) => [name, 0]));
    for (const member of members) {
      const preferred = member.protocols.find((p) => votes.has(p.name));
      if (preferred !== undefined) votes.set(preferred.name, (votes.get(preferred.name) ?? 0) + 1);
    }
    let selected = candidates[0] ?? '';
    for (const [name, count] of votes) {
      if (count > (votes.get(selected) ?? 0)) selected = name;
    }
    return selected;
  }

  private removeMemberAndRebalance(member: Member): void {
    member.awaitingJoin?.(joinError(ErrorCode.UnknownMemberId, member.memberId));
    member.awaitingJoin = null;
    member.awaitingSync?.(syncError(ErrorCode.UnknownMemberId));
    member.awaitingSync = null;
    this.removeMember(member);
    if (this.state === 'Stable' || this.state === 'CompletingRebalance') this.prepareRebalance();
    this.maybeCompleteJoin();
  }

  private removeMember(member: Member): void {
    if (member.sessionTimer !== null) clearTimeout(member.sessionTimer);
    this.members.delete(member.memberId);
    if (this.leaderId === member.memberId) {
      this.leaderId = this.members.keys().next().value ?? null;
    }
  }

  /** (Re)starts the session timeout; members with a JoinGroup/SyncGroup in flight are kept alive. */
  private scheduleSessionExpiry(member: Member): void {
    if (member.sessionTimer !== null) clearTimeout(member.sessionTimer);
    member.sessionTimer = unrefTimer(member.sessionTimeoutMs, () => {
      member.sessionTimer = null;
      if (this.members.get(member.memberId) !== member) return;
      if (member.awaitingJoin !== null || member.awaitingSync !== null) {
        this.scheduleSessionExpiry(member);
        return;
      }
      this.removeMemberAndRebalance(member);
    });
  }
}

function sameProtocols(current: readonly GroupProtocol[], requested: readonly GroupProtocol[]): boolean {
  return (
    current.length === requested.length &&
    current.every((protocol, i) => {
      const other = requested[i];
      return other !== undefined && protocol.name === other.name && protocol.metadata.equals(other.metadata);
    })
  );
}
