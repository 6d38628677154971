import { describe, expect, it } from "vitest";
import { ConcurrencyLimit } from "~/lib/concurrency";

describe("ConcurrencyLimit", () => {
  it("gives `size` places at once, then the next in arrival order as places are given back", async () => {
    const limit = new ConcurrencyLimit(2);
    const first = await limit.acquire(1000);
    const second = await limit.acquire(1000);
    const order: string[] = [];
    const third = limit.acquire(1000).then((release) => (order.push("third"), release));
    const fourth = limit.acquire(1000).then((release) => (order.push("fourth"), release));
    expect([limit.running, limit.waiting]).toEqual([2, 2]);
    first!();
    first!(); // a second call gives back nothing more
    await third;
    expect([limit.running, limit.waiting]).toEqual([2, 1]);
    second!();
    (await third)!();
    (await fourth)!();
    expect(order).toEqual(["third", "fourth"]);
    expect([limit.running, limit.waiting, limit.peakRunning, limit.peakWaiting]).toEqual([0, 0, 2, 2]);
  });

  it("refuses a caller who waited too long, or when the line is full, and forgets them", async () => {
    const limit = new ConcurrencyLimit(1);
    const held = await limit.acquire(1000);
    expect(await limit.acquire(20)).toBeUndefined();
    expect(await limit.acquire(0)).toBeUndefined();
    const waiting = limit.acquire(1000, 1);
    expect(await limit.acquire(1000, 1)).toBeUndefined();
    held!();
    const release = await waiting;
    expect(release).toBeTypeOf("function");
    release!();
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });
});
