/**
 * Lua scripts of the Redis elicitation store. Every decision (caps on create, the one winner of a
 * settle) runs inside one script, so Redis's single-threaded script execution makes it atomic
 * across replicas without WATCH/MULTI retries.
 *
 * Layout under the prefix `P` (all with TTLs, so nothing outlives its use):
 * - `P el:<id>`        hash: the record. While pending { json, status, expiresAt, sessionId, createdAt,
 *                       seq, lease }, with a TTL to `expiresAt` plus the tombstone time, so a late answer meets
 *                       410 not 404. Once settled it shrinks to the tombstone { status, expiresAt,
 *                       sessionId, createdAt, settledAt, reason? } (TTL = tombstone time): the JSON with
 *                       the message and schema is deleted, and a second answer meets 409.
 *                       The record JSON is stored as written and never re-encoded by Lua: cjson would turn
 *                       `[]` into `{}` and print large numbers in exponent form.
 * - `P res:<id>`       the settlement JSON, kept only for the delivery window, so a replica whose
 *                       subscriber connection blinked can still collect an answer it missed on the channel;
 *                       the waiting replica deletes it once delivered.
 * - `P pending`        sorted set id -> expiresAt over every pending record (the total cap).
 * - `P session:<sid>`  sorted set id -> expiresAt per session (the per-session cap, `listPending`).
 * - `P bytes`          hash id -> bytes of each pending record's JSON, plus `@total` (the byte cap).
 *                       It lives and dies with `P pending`: same members, same TTL.
 * - `P tombstones`     sorted set id -> settledAt, so tombstones are capped in number as well as time.
 * The record hash also holds `seq`, the server's microsecond clock at creation, so `listPending` is
 * oldest first even for records created within one millisecond by different replicas, and `lease`,
 * the Redis-clock ms until which its replica is known to wait for it: renewed by that replica while
 * it waits, set to 0 when it stops waiting without a settlement, and never revived once lapsed. An
 * answer to a record whose lease lapsed is refused (`not_waiting`): the replica that would deliver
 * it crashed or was cut off.
 * - channel `P settled` carries every settlement to every replica.
 *
 * One clock decides: Redis's own (`TIME`). A record's `createdAt` and `expiresAt` are set from it at
 * creation (the replica gives the time to answer, not a deadline), and every expiry decision (an
 * answer too late, a record left out of a list or no longer counted against a cap), every lease and
 * every `settledAt` reads it, so replicas' wall clocks need not agree: one that is minutes off behaves
 * like the others. The record's JSON keeps the creating replica's times; the hash fields override them.
 *
 * Scripts derive the per-session key from the prefix, so they target one Redis (standalone, or the
 * primary behind Sentinel). Redis Cluster is not supported: it needs a cluster client and every key
 * in one slot (a hash-tagged prefix such as `{mcp-hitl}:` would give the latter).
 */

/** Lua helper: a sorted set lives as long as its latest member, so a crashed replica leaves nothing behind. */
const EXPIRE_WITH_LAST_MEMBER = `
local function expireWithLastMember(key, now)
  local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  if last[2] == nil then return end
  local ttl = math.floor(tonumber(last[2]) - now) + 1000
  if ttl < 1000 then ttl = 1000 end
  redis.call('PEXPIRE', key, ttl)
end
`

/** Lua helper: Redis's own clock in ms, the one clock every replica's lease is measured on. */
const REDIS_MS = `
local function redisMs()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`

/** Lua helper: takes a pending id out of the byte count (a no-op when it is not counted). */
const UNCOUNT_BYTES = `
local function uncountBytes(key, id)
  local b = redis.call('HGET', key, id)
  if not b then return end
  redis.call('HDEL', key, id)
  redis.call('HINCRBY', key, '@total', -tonumber(b))
end
`

/**
 * KEYS: record, pending set, session set, bytes hash. ARGV: id, json, ms to answer, sessionId,
 * maxPerSession (-1 = none), maxTotal (-1 = none), tombstone ms, bytes, maxBytes (-1 = none), lease ms.
 * Returns { 'ok', createdAt, expiresAt } on Redis's clock, or { 'session_limit' | 'total_limit' |
 * 'bytes_limit' | 'duplicate' }.
 */
export const CREATE_SCRIPT = `${EXPIRE_WITH_LAST_MEMBER}${UNCOUNT_BYTES}${REDIS_MS}
local now = redisMs()
local expiresAt = now + tonumber(ARGV[3])
-- Records past their time no longer count, whether or not their replica lived to settle them.
local gone = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, 1000)
for _, id in ipairs(gone) do
  uncountBytes(KEYS[4], id)
  redis.call('ZREM', KEYS[2], id)
end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
if redis.call('EXISTS', KEYS[1]) == 1 then return { 'duplicate' } end
local perSession = tonumber(ARGV[5])
if perSession >= 0 and redis.call('ZCARD', KEYS[3]) >= perSession then return { 'session_limit' } end
local total = tonumber(ARGV[6])
if total >= 0 and redis.call('ZCARD', KEYS[2]) >= total then return { 'total_limit' } end
local bytes = tonumber(ARGV[8])
local maxBytes = tonumber(ARGV[9])
if maxBytes >= 0 and (tonumber(redis.call('HGET', KEYS[4], '@total')) or 0) + bytes > maxBytes then return { 'bytes_limit' } end
-- Scripts run one at a time and each takes microseconds, so the server's clock ranks creations.
local t = redis.call('TIME')
local seq = t[1] .. string.format('%06d', tonumber(t[2]))
redis.call('HSET', KEYS[1], 'json', ARGV[2], 'status', 'pending', 'expiresAt', expiresAt, 'sessionId', ARGV[4],
  'createdAt', now, 'seq', seq, 'lease', now + tonumber(ARGV[10]))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) + tonumber(ARGV[7]))
redis.call('ZADD', KEYS[2], expiresAt, ARGV[1])
redis.call('ZADD', KEYS[3], expiresAt, ARGV[1])
redis.call('HSET', KEYS[4], ARGV[1], bytes)
redis.call('HINCRBY', KEYS[4], '@total', bytes)
expireWithLastMember(KEYS[2], now)
expireWithLastMember(KEYS[3], now)
redis.call('PEXPIRE', KEYS[4], redis.call('PTTL', KEYS[2]))
return { 'ok', tostring(now), tostring(expiresAt) }
`

/**
 * KEYS: record, pending set, result key, bytes hash, tombstones set. ARGV: id, status, settlement
 * JSON, tombstone ms, result ms, channel, session key prefix, reason ('' = none), record key prefix,
 * max tombstones. Whether it comes too late is Redis's clock's call, not the caller's.
 * Returns { outcome } with outcome 'ok' | 'not_found' | 'already_settled' | 'expired' | 'withdrawn' |
 * 'not_waiting' (a record that ended as expired or withdrawn keeps answering so, as the memory store does).
 */
export const SETTLE_SCRIPT = `${EXPIRE_WITH_LAST_MEMBER}${UNCOUNT_BYTES}${REDIS_MS}
local f = redis.call('HMGET', KEYS[1], 'status', 'expiresAt', 'sessionId', 'lease')
if not f[1] then return { 'not_found' } end
if f[1] == 'expired' or f[1] == 'withdrawn' then return { f[1] } end
if f[1] ~= 'pending' then return { 'already_settled' } end
local now = redisMs()
if ARGV[2] ~= 'expired' then
  if now >= tonumber(f[2]) then return { 'expired' } end
  -- Nobody would hear this answer: refusing it is what keeps it from being lost.
  if (tonumber(f[4]) or 0) < now then return { 'not_waiting' } end
end
-- The tombstone: what refusing a second answer needs, nothing the person saw or said.
redis.call('HDEL', KEYS[1], 'json', 'seq', 'lease')
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'settledAt', now)
if ARGV[8] ~= '' then redis.call('HSET', KEYS[1], 'reason', ARGV[8]) end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', ARGV[7] .. f[3], ARGV[1])
uncountBytes(KEYS[4], ARGV[1])
expireWithLastMember(KEYS[2], now)
expireWithLastMember(ARGV[7] .. f[3], now)
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[4], redis.call('PTTL', KEYS[2])) end
-- Tombstones are bounded in number too: past the cap the oldest are forgotten (a late answer gets 404).
redis.call('ZADD', KEYS[5], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now - tonumber(ARGV[4]))
local over = redis.call('ZCARD', KEYS[5]) - tonumber(ARGV[10])
if over > 0 then
  local oldest = redis.call('ZPOPMIN', KEYS[5], over)
  for i = 1, #oldest, 2 do
    local key = ARGV[9] .. oldest[i]
    if redis.call('HGET', key, 'status') ~= 'pending' then redis.call('DEL', key) end
  end
end
redis.call('PEXPIRE', KEYS[5], tonumber(ARGV[4]) + 1000)
redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[5])
redis.call('PUBLISH', ARGV[6], ARGV[3])
return { 'ok' }
`

/**
 * KEYS: session set. ARGV: record key prefix.
 * Returns seq, json, createdAt, expiresAt (flat, four per record) of the session's pending, unexpired,
 * waited-on records, times on Redis's clock; the store sorts by seq.
 */
export const LIST_PENDING_SCRIPT = `${REDIS_MS}
local now = redisMs()
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. now, '+inf')
local out = {}
for _, id in ipairs(ids) do
  local f = redis.call('HMGET', ARGV[1] .. id, 'status', 'json', 'seq', 'lease', 'createdAt', 'expiresAt')
  if f[1] == 'pending' and (tonumber(f[4]) or 0) >= now then
    out[#out + 1] = f[3]
    out[#out + 1] = f[2]
    out[#out + 1] = f[5]
    out[#out + 1] = f[6]
  end
end
return out
`

/**
 * The waiting replica's side of the leases. ARGV: mode, lease ms, record key prefix, ids...
 * - `renew`: extends the lease of each pending id whose lease has not lapsed; returns { lapsed,
 *   absent }: the ids whose lease had lapsed (their waiter is cancelled: an answer may have been
 *   refused meanwhile), and those no longer pending at all (settled, or gone from Redis: flushed,
 *   evicted, a failover to an empty replica), which the waiting replica re-checks.
 * - `release`: ends the lease of each pending id at once (the waiter left without a settlement).
 */
export const LEASE_SCRIPT = `${REDIS_MS}
local now = redisMs()
local lapsed = {}
local absent = {}
for i = 4, #ARGV do
  local key = ARGV[3] .. ARGV[i]
  local f = redis.call('HMGET', key, 'status', 'lease')
  if f[1] == 'pending' then
    if ARGV[1] == 'release' then
      redis.call('HSET', key, 'lease', 0)
    elseif (tonumber(f[2]) or 0) >= now then
      redis.call('HSET', key, 'lease', now + tonumber(ARGV[2]))
    else
      lapsed[#lapsed + 1] = ARGV[i]
    end
  else
    absent[#absent + 1] = ARGV[i]
  end
end
return { lapsed, absent }
`

/**
 * Re-check after the subscriber connection came back. ARGV: result key prefix, record key prefix, ids...
 * Returns one entry per id: the settlement JSON if still held, else `@pending`, `@settled`, or `@gone`.
 */
export const RECOVER_SCRIPT = `
local out = {}
for i = 3, #ARGV do
  local id = ARGV[i]
  local res = redis.call('GET', ARGV[1] .. id)
  if res then
    out[#out + 1] = res
  else
    local status = redis.call('HGET', ARGV[2] .. id, 'status')
    if not status then out[#out + 1] = '@gone'
    elseif status == 'pending' then out[#out + 1] = '@pending'
    else out[#out + 1] = '@settled' end
  end
end
return out
`
