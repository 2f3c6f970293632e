import { Effect, Layer } from 'effect';
import { Redis } from 'ioredis';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { WaitingRoomQueue } from '../../core/inventory/ports.ts';
import type { Room, Standing } from '../../core/inventory/waiting-room.ts';

// The waiting room in Redis: shared by every web node and kept across a server restart. One Lua
// script per call does the whole step atomically: fold the admission budget, add the ticket,
// read its rank, note when it was first seen admitted and when it was used. The arithmetic is
// core/inventory/waiting-room.ts's (foldBudget, queueScore); the contract tests hold both to it.
//
// Keys per event ({id} is a hash tag, so one event's keys live together on a cluster):
//   foyer:wr:{id}:q     sorted set  ticket -> score (lottery before opening, 2^40 + arrival after)
//   foyer:wr:{id}:b     hash        the budget as last folded, with the settings it used
//   foyer:wr:{id}:adm   hash        ticket -> first seen admitted (ms)
//   foyer:wr:{id}:used  hash        ticket -> first guarded call (ms)
//   foyer:wr:{id}:seq   counter     arrivals after opening

const SCRIPT = `
local mode = ARGV[1]
local now = tonumber(ARGV[2])
local opensAt = tonumber(ARGV[3])
local version = tonumber(ARGV[4])
local rate = tonumber(ARGV[5])
local paused = ARGV[6] == '1'
local changedAt = tonumber(ARGV[7])
local ttl = tonumber(ARGV[8])
local ticket = ARGV[9]
local LATE = 1099511627776

local function num(x) return string.format('%.17g', x) end

local function accrue(from, to, r, p)
  local start = math.max(from, opensAt)
  if p or to <= start then return 0 end
  return r * (to - start) / 60000
end

local function fold()
  local queued = redis.call('ZCARD', KEYS[1])
  local s = redis.call('HMGET', KEYS[2], 'budget', 'at', 'version', 'rate', 'paused')
  local budget, at, v, r, p
  if s[1] then
    budget = tonumber(s[1]); at = tonumber(s[2]); v = tonumber(s[3]); r = tonumber(s[4]); p = s[5] == '1'
  else
    budget = 0; at = opensAt; v = version; r = rate; p = paused
  end
  if v ~= version then
    local switch = math.min(math.max(changedAt, at), now)
    budget = math.min(budget + accrue(at, switch, r, p), queued)
    at = switch
  end
  budget = math.min(budget + accrue(at, now, rate, paused), queued)
  at = math.max(at, now)
  redis.call('HSET', KEYS[2], 'budget', num(budget), 'at', num(at), 'version', num(version),
    'rate', num(rate), 'paused', paused and '1' or '0')
  return budget, queued
end

if mode == 'join' then
  fold()
  local score
  if now < opensAt then
    score = math.floor(tonumber(ARGV[10])) % LATE
  else
    score = LATE + redis.call('INCR', KEYS[5])
  end
  redis.call('ZADD', KEYS[1], string.format('%.0f', score), ticket)
end

if not redis.call('ZSCORE', KEYS[1], ticket) then return false end
local budget, queued = fold()
local position = -1
if now >= opensAt then position = redis.call('ZRANK', KEYS[1], ticket) + 1 end
local adm = false
local used = redis.call('HGET', KEYS[4], ticket)
if position > 0 and position <= math.floor(budget + 1e-9) then
  adm = redis.call('HGET', KEYS[3], ticket)
  if not adm then
    adm = ARGV[2]
    redis.call('HSET', KEYS[3], ticket, adm)
  end
  if mode == 'use' and not used and now <= tonumber(adm) + ttl then
    used = ARGV[2]
    redis.call('HSET', KEYS[4], ticket, used)
  end
else
  adm = redis.call('HGET', KEYS[3], ticket)
end
return { position, num(budget), queued, adm or '', used or '' }
`;

type Reply = [number, string, number, string, string] | null;

interface ScriptedRedis extends Redis {
  foyerWaitingRoom(...args: (string | number)[]): Promise<Reply>;
}

const keysOf = (eventId: number) => {
  const prefix = `foyer:wr:{${eventId}}`;
  return [`${prefix}:q`, `${prefix}:b`, `${prefix}:adm`, `${prefix}:used`, `${prefix}:seq`];
};

export const makeRedisWaitingRoom = (url: string, options: { lottery?: () => number } = {}) => {
  const lottery = options.lottery ?? (() => randomInt(0, 2 ** 40 - 1));
  const redis = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true }) as ScriptedRedis;
  redis.defineCommand('foyerWaitingRoom', { numberOfKeys: 5, lua: SCRIPT });
  const call = async (mode: 'join' | 'look' | 'use', room: Room, now: number, ticketId: string) => {
    const s = room.settings;
    const reply = await redis.foyerWaitingRoom(
      ...keysOf(room.eventId),
      mode,
      now,
      room.opensAt,
      s.version,
      s.ratePerMinute,
      s.paused ? '1' : '0',
      s.changedAt,
      s.admittedTtlSeconds * 1000,
      ticketId,
      mode === 'join' ? lottery() : 0,
    );
    if (!reply) return null;
    const [position, budget, queued, admittedAt, usedAt] = reply;
    return {
      position: position > 0 ? position : null,
      budget: Number(budget),
      queued,
      admittedAt: admittedAt ? Number(admittedAt) : null,
      usedAt: usedAt ? Number(usedAt) : null,
    } satisfies Standing;
  };
  let key: Promise<string> | undefined;
  const queue = WaitingRoomQueue.of({
    join: (room, now) =>
      Effect.promise(async () => {
        const ticketId = randomUUID();
        const standing = await call('join', room, now, ticketId);
        return { ticketId, standing: standing! };
      }),
    standing: (room, ticketId, now, use) =>
      Effect.promise(() => call(use ? 'use' : 'look', room, now, ticketId)),
    // One key for every node: the first to ask sets it.
    signingKey: () =>
      Effect.promise(
        () =>
          (key ??= (async () => {
            await redis.set('foyer:wr:signing-key', randomBytes(32).toString('base64url'), 'NX');
            const stored = await redis.get('foyer:wr:signing-key');
            if (!stored) throw new Error('the waiting-room signing key could not be read from Redis');
            return stored;
          })()),
      ),
  });
  return {
    queue,
    /** Removes one event's queue (tests on a shared Redis clean up after themselves). */
    drop: async (eventId: number) => void (await redis.del(...keysOf(eventId))),
    close: async () => void (await redis.quit().catch(() => undefined)),
  };
};

export const RedisWaitingRoomQueue = (url: string) =>
  Layer.effect(
    WaitingRoomQueue,
    Effect.acquireRelease(
      Effect.sync(() => makeRedisWaitingRoom(url)),
      (store) => Effect.promise(() => store.close()),
    ).pipe(Effect.map((store) => store.queue)),
  );
