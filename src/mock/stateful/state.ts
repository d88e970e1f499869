// The stateful mock's memory: per caller (its developer token and the body's Login, hashed),
// the searches it made with the trips they handed out, and its bookings. Bounded by
// LIMITS (src/lib/limits.ts): at most `statefulCallers` callers (the least recently seen is
// forgotten whole), and per caller `statefulSearches` searches and `statefulBookings`
// bookings (the least recently used first). A forgotten identifier is unknown again.
import * as crypto from 'node:crypto';
import { LIMITS } from '../../lib/limits.ts';
import type { Capture } from './captures.ts';

export interface Search {
  /** The captured search its answer was made from. */
  template: Capture;
  /** What this caller asked (the criteria only). */
  criteria: Record<string, unknown>;
  /** Minted trip token -> which captured trip it stands for (leg and item index). */
  trips: Map<string, { leg: string; index: number }>;
  /** Minted trip ids (`ViagensTrecho1[].Id`, …). */
  ids: Set<number>;
}

export type BookingState = 'booked' | 'issued' | 'cancelled';

export interface Booking {
  locator: string;
  search: Search;
  /** The captured booking its answers are made from: Reservar's capture, whose scenario later steps prefer. */
  template: Capture;
  /** The request of Reservar, passengers included (what the booking holds). */
  request: Record<string, unknown>;
  state: BookingState;
  /** Captured identifier -> the one this booking's answers hold instead. */
  fresh: Map<string | number, string | number>;
  tickets: string[];
}

export interface CallerState {
  searches: Map<Search, true>;
  /** Trip token -> its search. */
  tokens: Map<string, Search>;
  tripIds: Map<number, Search>;
  bookings: Map<string, Booking>;
  tickets: Map<string, Booking>;
}

export interface StateBounds {
  callers: number;
  searches: number;
  bookings: number;
}

export const DEFAULT_BOUNDS: StateBounds = {
  callers: LIMITS.statefulCallers,
  searches: LIMITS.statefulSearches,
  bookings: LIMITS.statefulBookings,
};

/** crypto.hash (Node 20.12 and later; engines allow 20.0): a Hash object cost ~5 µs of each stateful call, the digest is the same. */
const oneShot: typeof crypto.hash | undefined = crypto.hash;

/** A caller's key: developer token and Login, hashed so the state holds neither. */
export function callerKey(token: string | undefined, login: unknown): string {
  const text = JSON.stringify([token ?? '', typeof login === 'string' ? login : '']);
  return oneShot ? oneShot('sha256', text, 'base64url') : crypto.createHash('sha256').update(text).digest('base64url');
}

/** Moves `key` to the young end of `map` (Maps iterate in insertion order: the first is the oldest). */
function touch<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
}

export class StatefulMemory {
  private callers = new Map<string, CallerState>();
  readonly bounds: StateBounds;
  constructor(bounds: StateBounds = DEFAULT_BOUNDS) {
    this.bounds = bounds;
  }

  /** This caller's state, made when new; the least recently seen caller goes when the bound is reached. */
  caller(key: string): CallerState {
    let state = this.callers.get(key);
    if (!state) {
      while (this.callers.size >= this.bounds.callers) this.callers.delete(this.callers.keys().next().value as string);
      state = { searches: new Map(), tokens: new Map(), tripIds: new Map(), bookings: new Map(), tickets: new Map() };
    }
    touch(this.callers, key, state);
    return state;
  }

  addSearch(state: CallerState, search: Search): void {
    while (state.searches.size >= this.bounds.searches) {
      const oldest = state.searches.keys().next().value as Search;
      state.searches.delete(oldest);
      for (const token of oldest.trips.keys()) state.tokens.delete(token);
      for (const id of oldest.ids) state.tripIds.delete(id);
    }
    state.searches.set(search, true);
    for (const token of search.trips.keys()) state.tokens.set(token, search);
    for (const id of search.ids) state.tripIds.set(id, search);
  }

  addBooking(state: CallerState, booking: Booking): void {
    while (state.bookings.size >= this.bounds.bookings) {
      const oldest = state.bookings.values().next().value as Booking;
      state.bookings.delete(oldest.locator);
      for (const t of oldest.tickets) state.tickets.delete(t);
    }
    state.bookings.set(booking.locator, booking);
  }

  /** A booking of this caller, moved to the young end. */
  booking(state: CallerState, locator: string): Booking | undefined {
    const booking = state.bookings.get(locator);
    if (booking) touch(state.bookings, locator, booking);
    return booking;
  }

  reset(): void {
    this.callers = new Map();
  }

  get size(): { callers: number; bookings: number; searches: number } {
    let bookings = 0;
    let searches = 0;
    for (const c of this.callers.values()) {
      bookings += c.bookings.size;
      searches += c.searches.size;
    }
    return { callers: this.callers.size, bookings, searches };
  }
}
