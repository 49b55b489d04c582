// The harness itself: a wrong answer must be reported and never timed, a
// missing optional server skipped, a crashing one reported as such.
import { describe, it, expect } from "vitest";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { runThroughput, cleaner } from "../../benchmarks/lib/throughput.js";
import { verify } from "../../benchmarks/lib/http-check.js";
import { summarize, rotate } from "../../benchmarks/lib/stats.js";
import { barChart } from "../../benchmarks/lib/svg-chart.js";
import { evaluateTargets } from "../../benchmarks/lib/targets.js";
import { parseCpuList } from "../../benchmarks/lib/affinity.js";
import { cpuTimes, othersShare, stalled } from "../../benchmarks/lib/contention.js";
import { runLoad, loadProblems } from "../../benchmarks/lib/load.js";
import { summarize as summarizeH2load } from "../../benchmarks/lib/h2load.js";
import { parseCommandLine } from "../../benchmarks/lib/args.js";
import { spawnSync } from "node:child_process";
import http from "node:http";
import { renderMarkdown } from "../../benchmarks/lib/markdown.js";
import { formatMetric } from "../../benchmarks/lib/metrics.js";

const fixture = (name) => fileURLToPath(new URL(`./fixtures/${name}.js`, import.meta.url));
const server = (name, file = fixture(name)) => ({ name, label: name, file, subject: false });

describe("runThroughput in smoke mode", () => {
  it("times nothing and reports each server's fate", async () => {
    const scenario = {
      name: "hello",
      servers: [
        server("right"),
        server("wrong-body"),
        server("wrong-under-load"),
        server("crash"),
        server("absent", fixture("does-not-exist")),
      ],
      cases: [{ name: "hello", request: { path: "/" }, expect: { status: 200, body: "ok" } }],
    };
    const profile = { smoke: true, rounds: 1, connections: 10, requests: 100 };
    const lines = [];
    const result = await runThroughput(scenario, { plan: { pinned: false }, profile, log: (l) => lines.push(l) });

    const byName = Object.fromEntries(result.cases[0].servers.map((entry) => [entry.name, entry]));
    expect(byName.right.status).toBe("ok");
    expect(byName.right.runs).toEqual([]);
    expect(byName["wrong-body"].status).toBe("wrong answer");
    expect(byName["wrong-body"].problems[0]).toMatch(/body "not ok", expected "ok"/);
    expect(byName["wrong-under-load"].status).toBe("wrong answer under load");
    expect(byName["wrong-under-load"].problems[0]).toMatch(/status 500/);
    expect(byName.crash.status).toBe("failed to start");
    expect(byName.crash.problems[0]).toMatch(/boom at start-up/);
    expect(byName.absent.status).toBe("missing");
  }, 30_000);
});

describe("runThroughput, timed", () => {
  it("reports the server's CPU µs per request next to req/s, in the results and the tables", async () => {
    const scenario = {
      name: "hello",
      title: "GET / → ok",
      servers: [server("right")],
      cases: [{ name: "hello", title: "GET / → ok", request: { path: "/" }, expect: { status: 200, body: "ok" } }],
    };
    const profile = {
      name: "tiny",
      smoke: false,
      rounds: 1,
      connections: 2,
      warmupRequests: 50,
      warmup: 5,
      duration: 0.3,
      retries: 0,
      maxContention: 1,
    };
    const result = await runThroughput(scenario, { plan: { pinned: false }, profile, log: () => {} });

    const [entry] = result.cases[0].servers;
    expect(entry.status, entry.problems.join("; ")).toBe("ok");
    expect(result.metrics).toEqual(expect.arrayContaining(["rps", "cpu"]));
    const [run] = entry.runs;
    // CPU µs per request: the server's own CPU seconds over the requests it answered.
    expect(run.cpu).toBeGreaterThan(0);
    expect(run.cpu).toBeCloseTo((run.serverCpu / run.rps) * 1e6, 6);
    expect(entry.metrics.cpu.median).toBe(run.cpu);

    const markdown = renderMarkdown(
      { runs: {}, scenarios: { hello: { ...result, title: scenario.title, runId: "r1", profile } } },
      [],
    );
    const lines = markdown.split("\n");
    const header = lines.find((line) => line.startsWith("| Server |"));
    const row = lines.find((line) => line.startsWith("| right |"));
    expect(header.split(" | ")).toContain("server CPU µs/req");
    expect(row).toContain(`| ${formatMetric("cpu", entry.metrics.cpu.median)} |`);
  }, 30_000);
});

describe("verify", () => {
  const response = (body, headers = {}, status = 200) => ({ status, headers, body: Buffer.from(body) });

  it("accepts an answer that matches status, JSON and headers", async () => {
    const expectation = { status: 200, json: { a: 1 }, headers: { "content-type": /json/, etag: true, "x-no": false } };
    const problems = await verify(
      expectation,
      response('{"a":1}', { "content-type": "application/json", etag: 'W/"1"' }),
    );
    expect(problems).toEqual([]);
  });

  it("lists every difference", async () => {
    const expectation = { status: 200, json: { a: 1 }, headers: { "content-type": /json/, etag: true } };
    const problems = await verify(expectation, response("{", { "content-type": "text/html" }, 404));
    expect(problems).toEqual([
      "status 404, expected 200",
      'body "{" is not JSON',
      "header content-type: text/html, expected /json/",
      "header etag missing",
    ]);
  });

  it("reads a gzipped JSON body (the compression case), and says when it is not gzip", async () => {
    const gzipped = { status: 200, headers: {}, body: gzipSync('{"a":1}') };
    expect(await verify({ status: 200, gzippedJson: { a: 1 } }, gzipped)).toEqual([]);
    expect(await verify({ status: 200, gzippedJson: { a: 2 } }, gzipped)).toEqual([
      'JSON "{\\"a\\":1}", expected {"a":2}',
    ]);
    const [problem] = await verify({ status: 200, gzippedJson: { a: 1 } }, response('{"a":1}'));
    expect(problem).toMatch(/^body of 7 bytes does not gunzip/);
  });
});

describe("statistics and reporting helpers", () => {
  it("takes medians with their range", () => {
    expect(summarize([3, 1, 2])).toMatchObject({ median: 2, min: 1, max: 3 });
    expect(summarize([4, 1, 2, 3])).toMatchObject({ median: 2.5, min: 1, max: 4 });
    expect(summarize([])).toBeNull();
  });

  it("rotates the starting server every round", () => {
    expect(rotate(["a", "b", "c"], 0)).toEqual(["a", "b", "c"]);
    expect(rotate(["a", "b", "c"], 4)).toEqual(["b", "c", "a"]);
  });

  it("parses taskset cpu lists", () => {
    expect(parseCpuList("0,1")).toEqual([0, 1]);
    expect(parseCpuList(" 0-2,5\n")).toEqual([0, 1, 2, 5]);
  });

  it("draws escaped, self-contained SVG with one bar per server", () => {
    const svg = barChart({
      title: "a < b & c",
      bars: [
        { label: "lib-server", value: 10, min: 9, max: 11, highlight: true },
        { label: "Express 5", value: 2 },
        { label: "broken", note: "failed to start" },
      ],
    });
    expect(svg.startsWith("<svg xmlns=")).toBe(true);
    expect(svg).toContain("a &#60; b &#38; c");
    expect(svg.match(/<rect x="230"/g)).toHaveLength(2);
    expect(svg).toContain("failed to start");
  });

  it("judges targets only on medians of the same run", () => {
    const entry = (name, median) => ({ name, label: name, metrics: { rps: { median } } });
    const hello = (runId, lean, node) => ({
      runId,
      cases: [{ name: "hello", primary: "rps", servers: [entry("lib-server-lean", lean), entry("node", node)] }],
    });
    const target = {
      subject: ["hello", "hello", "lib-server-lean"],
      op: ">=",
      factor: 0.95,
      peer: ["hello", "hello", "node"],
    };
    const [judged] = evaluateTargets({ hello: hello("r1", 96, 100) }, [target]);
    expect(judged).toMatchObject({ ratio: 0.96, pass: true });
    const [missed] = evaluateTargets({ hello: hello("r1", 90, 100) }, [target]);
    expect(missed.pass).toBe(false);
    const cross = { ...target, peer: ["other", "hello", "node"] };
    const [notJudged] = evaluateTargets({ hello: hello("r1", 96, 100), other: hello("r2", 1, 100) }, [cross]);
    expect(notJudged).toMatchObject({ pass: null, reason: "not measured in the same run" });
  });

  it("judges a target with a margin on top of the peer's median", () => {
    const entry = (name, median) => ({ name, label: name, metrics: { rest: { median } } });
    const memory = (own, polka) => ({
      runId: "r1",
      cases: [{ name: "memory", primary: "rest", servers: [entry("lib-server", own), entry("polka", polka)] }],
    });
    const target = {
      subject: ["memory", "memory", "lib-server"],
      op: "<=",
      factor: 1,
      peer: ["memory", "memory", "polka"],
      margin: 2,
    };
    expect(evaluateTargets({ memory: memory(47.5, 46) }, [target])[0].pass).toBe(true);
    expect(evaluateTargets({ memory: memory(48.5, 46) }, [target])[0].pass).toBe(false);
  });
});

describe("contention", () => {
  it("attributes a core's busy time beyond our own process to others", () => {
    const before = { busy: 10, total: 20 };
    const after = { busy: 10.9, total: 21 }; // 0.9 s busy of 1 s
    expect(othersShare(before, after, 0.6)).toBeCloseTo(0.3);
    expect(othersShare(before, after, 0.95)).toBe(0); // tick rounding never goes negative
    expect(othersShare(null, after, 0.5)).toBeNull();
  });

  // Runs from this machine's wrk rounds (benchmarks/NOTES.md, eighth session), in ms.
  it("calls a run stalled when its p99 is both ≥ 100 ms and ≥ 10× its p50", () => {
    expect(stalled({ p50: 3.9, p99: 192.4 })).toBe(true); // a stalled wrk round
    expect(stalled({ p50: 3.4, p99: 11.0 })).toBe(false); // a healthy one
    expect(stalled({ p50: 14.9, p99: 19.3 })).toBe(false); // slow throughout, not stalled
    expect(stalled({ p50: 0.4, p99: 8.2 })).toBe(false); // HTTP/2's tail: 20×, a few ms
    expect(stalled({ p50: 30, p99: 150 })).toBe(false); // a long but steady tail
    expect(stalled({ rps: 1000 })).toBe(false); // no latencies measured
  });

  it("keeps a valid attempt over an invalid one, then one without a stall, then the less contended", () => {
    const attempt = (run, problems = []) => ({ run: { p50: 4, p99: 8, others: 0, ...run }, problems });
    expect(cleaner(attempt({}), attempt({}, ["errors under load"]))).toBe(true);
    expect(cleaner(attempt({ p99: 300 }), attempt({}, ["errors under load"]))).toBe(true);
    expect(cleaner(attempt({ others: 0.2 }), attempt({ p99: 300 }))).toBe(true);
    expect(cleaner(attempt({ p99: 300 }), attempt({ others: 0.2 }))).toBe(false);
    expect(cleaner(attempt({ others: 0.05 }), attempt({ others: 0.2 }))).toBe(true);
  });

  it("reads this machine's cpu times where /proc/stat exists", () => {
    const times = cpuTimes(0);
    if (times === null) return; // not Linux
    expect(times.total).toBeGreaterThan(0);
    expect(times.busy).toBeLessThanOrEqual(times.total);
  });
});

describe("the command line's numbers", () => {
  it("sets the warm-up's request count and seconds, and refuses what cannot be a count", () => {
    const { profile } = parseCommandLine(["--warmup-requests", "20000", "--warmup", "30", "--rounds", "5"]);
    expect(profile).toMatchObject({ warmupRequests: 20000, warmup: 30, rounds: 5 });
    expect(parseCommandLine([]).profile).toMatchObject({ warmupRequests: 3000, warmup: 1 });
    expect(parseCommandLine(["--quick"]).profile.warmupRequests).toBe(1000);
    expect(() => parseCommandLine(["--warmup-requests", "2.5"])).toThrow(
      /--warmup-requests needs a whole number > 0, got 2.5/,
    );
    expect(() => parseCommandLine(["--warmup-requests", "0"])).toThrow(/whole number > 0/);
    expect(() => parseCommandLine(["--duration=-1"])).toThrow(/--duration needs a positive number, got -1/);
    expect(() => parseCommandLine(["--retries=-1"])).toThrow(/--retries needs a whole number ≥ 0/);
    expect(parseCommandLine(["--retries", "0"]).profile.retries).toBe(0);
  });
});

describe("wrk as the load generator (--load wrk)", () => {
  const hasWrk = spawnSync("wrk", ["-v"]).error === undefined;

  it("is chosen by --load and refused when unknown", () => {
    expect(parseCommandLine(["--load", "wrk"]).profile.load).toBe("wrk");
    expect(parseCommandLine([]).profile.load).toBe("autocannon");
    expect(() => parseCommandLine(["--load", "ab"])).toThrow(/--load needs one of autocannon, wrk/);
  });

  it("judges a run by status class, since wrk counts only answers of 400 and up", () => {
    const summary = (below400, from400) => ({ requests: below400 + from400, statusClasses: { below400, from400 } });
    expect(loadProblems(summary(10, 0), 200)).toEqual([]);
    expect(loadProblems(summary(0, 10), 404)).toEqual([]);
    expect(loadProblems(summary(7, 3), 200)).toEqual(["3 × status ≥ 400, expected 200"]);
    expect(loadProblems(summary(2, 8), 404)).toEqual(["2 × status < 400, expected 404"]);
  });

  it.skipIf(!hasWrk)(
    "sends the scenario's method, headers and body and reports runLoad's numbers",
    async () => {
      const received = [];
      const target = http.createServer((req, res) => {
        let body = "";
        req.on("data", (chunk) => (body += chunk));
        req.on("end", () => {
          if (received.length < 3)
            received.push({ method: req.method, url: req.url, header: req.headers["x-bench"], body });
          res.statusCode = req.url === "/missing" ? 404 : 200;
          res.end("ok");
        });
      });
      await new Promise((resolve) => target.listen(0, "127.0.0.1", resolve));
      const base = `http://127.0.0.1:${target.address().port}`;
      try {
        const request = { path: "/echo", method: "POST", headers: { "x-bench": 'a "quoted" value' }, body: '{"a":1}' };
        const summary = await runLoad(base, request, { connections: 2, duration: 1, generator: "wrk" });
        expect(received[0]).toEqual({ method: "POST", url: "/echo", header: 'a "quoted" value', body: '{"a":1}' });
        expect(summary.requests).toBeGreaterThan(0);
        expect(summary.rps).toBeCloseTo(summary.requests / summary.seconds);
        expect(summary.latency.p50).toBeGreaterThan(0);
        expect(summary.latency.p99).toBeGreaterThanOrEqual(summary.latency.p50);
        expect(summary.clientCpu).toBeGreaterThan(0);
        expect(loadProblems(summary, 200)).toEqual([]);

        const missing = await runLoad(base, { path: "/missing" }, { connections: 1, duration: 1, generator: "wrk" });
        expect(loadProblems(missing, 404)).toEqual([]);
        expect(loadProblems(missing, 200)[0]).toMatch(/status ≥ 400, expected 200/);
      } finally {
        target.close();
      }
    },
    20_000,
  );
});

describe("h2load output", () => {
  const stdout = (done, failed, data) =>
    [
      "finished in 500.00ms, 8.00 req/s, 1KB/s",
      `requests: ${done + failed} total, ${done + failed} started, ${done} done, ${done} succeeded, ${failed} failed, ${failed} errored, 0 timeout`,
      `status codes: ${done} 2xx, 0 3xx, 0 4xx, 0 5xx`,
      `traffic: 1.00KB (1000) total, 100B (100) headers (space savings 90.00%), ${data}B (${data}) data`,
    ].join("\n");
  const log = (rows) => rows.map(([status, micros]) => `1795764768103291\t${status}\t${micros}`).join("\n");

  it("counts answers by status from the per-request log, with latencies in ms", () => {
    const rows = [
      [200, 1000],
      [200, 2000],
      [200, 3000],
      [404, 4000],
    ];
    const summary = summarizeH2load(stdout(4, 0, 8), log(rows), { childCpu: 0.25, bodyBytes: 2, fixedAmount: true });
    expect(summary).toMatchObject({
      requests: 4,
      seconds: 0.5,
      rps: 8,
      clientCpu: 0.5,
      statuses: { 200: 3, 404: 1 },
      errors: 0,
      mismatches: 0,
    });
    expect(summary.latency.p50).toBe(2);
    expect(loadProblems(summary, 200)).toEqual(["1 × status 404, expected 200"]);
  });

  it("flags failed streams and body bytes that do not add up", () => {
    const summary = summarizeH2load(
      stdout(2, 1, 5),
      log([
        [200, 10],
        [200, 20],
        [-1, 30],
      ]),
      { childCpu: null, bodyBytes: 2, fixedAmount: true },
    );
    expect(summary.requests).toBe(2);
    expect(summary.clientCpu).toBeNull();
    expect(loadProblems(summary, 200)).toEqual(["1 connection errors", "1 wrong bodies"]);
  });
});
