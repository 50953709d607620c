import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsumerGroup } from './consumer-group';
import type { JoinRequest, JoinResult, SyncResult } from './consumer-group';
import { ErrorCode } from './protocol/errors';

const SESSION_TIMEOUT_MS = 1_000;
const REBALANCE_TIMEOUT_MS = 5_000;

function joinRequest(memberId: string, metadata = 'subscription'): JoinRequest {
  return {
    memberId,
    clientId: 'client',
    sessionTimeoutMs: SESSION_TIMEOUT_MS,
    rebalanceTimeoutMs: REBALANCE_TIMEOUT_MS,
    protocolType: 'consumer',
    protocols: [{ name: 'RoundRobinAssigner', metadata: Buffer.from(metadata) }],
  };
}

/** First JoinGroup round trip: the broker hands out a member id with MEMBER_ID_REQUIRED. */
async function memberIdFor(group: ConsumerGroup): Promise<string> {
  const result = await group.join(joinRequest(''));
  expect(result.errorCode).toBe(ErrorCode.MemberIdRequired);
  expect(result.memberId).toMatch(/^client-/);
  return result.memberId;
}

/** Lets a promise be inspected without awaiting it. */
function observe<T>(promise: Promise<T>): { result: T | undefined } {
  const observed: { result: T | undefined } = { result: undefined };
  void promise.then((result) => {
    observed.result = result;
  });
  return observed;
}

async function flush(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

/** A stable group with one member (the leader) at generation 1. */
async function stableGroupWithLeader(): Promise<{ group: ConsumerGroup; leader: string }> {
  const group = new ConsumerGroup('g');
  const leader = await memberIdFor(group);
  const joined = await group.join(joinRequest(leader));
  await group.sync(leader, joined.generationId, new Map([[leader, Buffer.from('all')]]));
  return { group, leader };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ConsumerGroup', () => {
  it('lets a single member join, lead and receive its own assignment', async () => {
    const group = new ConsumerGroup('g');
    const memberId = await memberIdFor(group);
    const joined = await group.join(joinRequest(memberId, 'meta'));
    expect(joined).toEqual<JoinResult>({
      errorCode: ErrorCode.None,
      generationId: 1,
      protocolName: 'RoundRobinAssigner',
      leaderId: memberId,
      memberId,
      members: [{ memberId, metadata: Buffer.from('meta') }],
    });
    expect(group.currentState).toBe('CompletingRebalance');
    const synced = await group.sync(memberId, 1, new Map([[memberId, Buffer.from('assignment')]]));
    expect(synced).toEqual<SyncResult>({ errorCode: ErrorCode.None, assignment: Buffer.from('assignment') });
    expect(group.currentState).toBe('Stable');
  });

  it('rebalances when a second member joins and gives the leader every member', async () => {
    const { group, leader } = await stableGroupWithLeader();
    const follower = await memberIdFor(group);
    const followerJoin = observe(group.join(joinRequest(follower)));
    await flush();
    expect(followerJoin.result).toBeUndefined();
    expect(group.heartbeat(leader, 1)).toBe(ErrorCode.RebalanceInProgress);

    const leaderJoin = await group.join(joinRequest(leader));
    await flush();
    expect(leaderJoin.generationId).toBe(2);
    expect(leaderJoin.members.map((member) => member.memberId).sort()).toEqual([leader, follower].sort());
    expect(followerJoin.result).toMatchObject({ generationId: 2, leaderId: leader, members: [] });

    const followerSync = observe(group.sync(follower, 2, new Map()));
    await flush();
    expect(followerSync.result).toBeUndefined();
    await group.sync(leader, 2, new Map([[follower, Buffer.from('half')]]));
    await flush();
    expect(followerSync.result).toEqual({ errorCode: ErrorCode.None, assignment: Buffer.from('half') });
  });

  it('answers stale and unknown members the way Kafka does', async () => {
    const { group, leader } = await stableGroupWithLeader();
    expect(group.heartbeat(leader, 1)).toBe(ErrorCode.None);
    expect(group.heartbeat(leader, 0)).toBe(ErrorCode.IllegalGeneration);
    expect(group.heartbeat('stranger', 1)).toBe(ErrorCode.UnknownMemberId);
    expect((await group.join(joinRequest('stranger'))).errorCode).toBe(ErrorCode.UnknownMemberId);
    expect((await group.sync(leader, 7, new Map())).errorCode).toBe(ErrorCode.IllegalGeneration);
    expect(group.validateOffsetCommit(leader, 1)).toBe(ErrorCode.None);
    expect(group.validateOffsetCommit(leader, 0)).toBe(ErrorCode.IllegalGeneration);
    expect(new ConsumerGroup('empty').validateOffsetCommit('', -1)).toBe(ErrorCode.None);
  });

  it('refuses a member whose protocols do not match the group', async () => {
    const { group } = await stableGroupWithLeader();
    const result = await group.join({
      ...joinRequest(''),
      protocols: [{ name: 'Other', metadata: Buffer.alloc(0) }],
    });
    expect(result.errorCode).toBe(ErrorCode.InconsistentGroupProtocol);
  });

  it('rebalances the remaining members when one leaves', async () => {
    const { group, leader } = await stableGroupWithLeader();
    const follower = await memberIdFor(group);
    const followerJoin = group.join(joinRequest(follower));
    await group.join(joinRequest(leader));
    await followerJoin;
    await group.sync(leader, 2, new Map());

    expect(group.leave(leader)).toBe(ErrorCode.None);
    expect(group.heartbeat(follower, 2)).toBe(ErrorCode.RebalanceInProgress);
    const rejoined = await group.join(joinRequest(follower));
    expect(rejoined).toMatchObject({ generationId: 3, leaderId: follower });
    expect(group.leave('stranger')).toBe(ErrorCode.UnknownMemberId);
  });

  it('expires a member that stops heartbeating', async () => {
    const { group, leader } = await stableGroupWithLeader();
    await vi.advanceTimersByTimeAsync(SESSION_TIMEOUT_MS + 1);
    expect(group.currentState).toBe('Empty');
    expect(group.currentGeneration).toBe(2);
    expect(group.heartbeat(leader, 1)).toBe(ErrorCode.UnknownMemberId);
  });

  it('drops members that do not rejoin within the rebalance timeout', async () => {
    const { group, leader } = await stableGroupWithLeader();
    const follower = await memberIdFor(group);
    const followerJoin = group.join(joinRequest(follower));
    await group.join(joinRequest(leader));
    await followerJoin;
    await group.sync(leader, 2, new Map());

    const newcomer = await memberIdFor(group);
    const newcomerJoin = observe(group.join(joinRequest(newcomer)));
    const leaderJoin = observe(group.join(joinRequest(leader)));
    // The follower keeps heartbeating but never rejoins.
    for (let elapsed = 0; elapsed < REBALANCE_TIMEOUT_MS; elapsed += SESSION_TIMEOUT_MS / 2) {
      expect(group.heartbeat(follower, 2)).toBe(ErrorCode.RebalanceInProgress);
      await vi.advanceTimersByTimeAsync(SESSION_TIMEOUT_MS / 2);
    }
    await flush();
    expect(leaderJoin.result?.generationId).toBe(3);
    expect(leaderJoin.result?.members.map((member) => member.memberId).sort()).toEqual([leader, newcomer].sort());
    expect(newcomerJoin.result?.errorCode).toBe(ErrorCode.None);
    expect(group.heartbeat(follower, 2)).toBe(ErrorCode.UnknownMemberId);
  });
});
