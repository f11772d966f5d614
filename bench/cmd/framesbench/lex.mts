// Lex's side of the frames benchmark, run by framesbench with `npx tsx`
// from inside a Lex checkout (BATON_LEX_DIR), so Lex's own modules and
// SQLite binding are used as Lex uses them.
//
// argv: <database> <frames.ndjson> <cases.json> <requests>
// It imports the frames as `lex frames import` does (for each frame: look
// it up, then saveFrame, each its own statement), then times each recall
// case: searchFrames (all matches, newest first, as Lex answers), the
// module and time filters applied to its answer as Lex's frame_search does,
// the first `limit` kept. It prints one JSON object on stdout.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const [dbPath, framesPath, casesPath, requestsArg] = process.argv.slice(2);
const lexDir = process.cwd();
const store = await import(resolve(lexDir, "src/memory/store/index.ts"));
const requests = Number(requestsArg);

interface Case {
  name: string;
  q: string;
  mode?: "all" | "any";
  module?: string;
  since?: string;
  limit: number;
}

const db = store.getDb(dbPath);
const lines = readFileSync(framesPath, "utf8").split("\n").filter((l) => l.length > 0);
const frames = lines.map((l) => JSON.parse(l));
lines.length = 0;
const importStart = performance.now();
for (const f of frames) {
  if (store.getFrameById(db, f.id)) continue;
  store.saveFrame(db, f);
}
const importSeconds = (performance.now() - importStart) / 1000;
const importedFrames = frames.length;
frames.length = 0;
const importMaxRSS = process.resourceUsage().maxRSS / 1024;

const cases: Case[] = JSON.parse(readFileSync(casesPath, "utf8"));
const out: Record<string, unknown> = {
  import_frames: importedFrames,
  import_seconds: importSeconds,
  import_frames_per_s: importedFrames / importSeconds,
  import_peak_rss_mb: importMaxRSS,
  cases: {},
};
for (const c of cases) {
  const run = () => {
    let hits = store.searchFrames(db, c.q, { mode: c.mode ?? "all" }).frames;
    const matches = hits.length;
    if (c.module) hits = hits.filter((f: { module_scope: string[] }) => f.module_scope.includes(c.module!));
    if (c.since) hits = hits.filter((f: { timestamp: string }) => Date.parse(f.timestamp) >= Date.parse(c.since!));
    return { matches, hits: hits.slice(0, c.limit).length };
  };
  const n = Math.max(5, Math.floor(requests / 4));
  for (let i = 0; i < 3; i++) run();
  const times: number[] = [];
  let last = { matches: 0, hits: 0 };
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    last = run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  (out.cases as Record<string, unknown>)[c.name] = {
    requests: n,
    p50_ms: times[Math.floor(n / 2)],
    p95_ms: times[Math.floor((n * 95) / 100)],
    matches: last.matches,
    hits: last.hits,
  };
}
store.closeDb();
process.stdout.write(JSON.stringify(out) + "\n");
