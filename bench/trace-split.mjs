// Where the renderer's main thread spent each key's time from its keydown to the frame that
// painted its rows (issue #49), from a Chromium trace: self time by kind (script, style, layout,
// paint and the rest of a task), so the split is of the critical path only, not of the work a
// key schedules after its paint (the server's page load, the deferred rows).

const KINDS = {
  script: [
    'FunctionCall',
    'EventDispatch',
    'TimerFire',
    'FireAnimationFrame',
    'RunMicrotasks',
    'EvaluateScript',
    'v8.compile',
    'v8.callFunction',
    'V8.Execute',
    'MajorGC',
    'MinorGC',
    'V8.GCScavenger',
    'V8.GC_MC_BACKGROUND_MARKING',
    'XHRReadyStateChange',
    'ResourceReceivedData',
  ],
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet', 'ScheduleStyleRecalculation'],
  layout: ['Layout', 'UpdateLayer', 'UpdateLayerTree', 'IntersectionObserverController::computeIntersections'],
  paint: [
    'Paint',
    'PrePaint',
    'Layerize',
    'Commit',
    'PaintImage',
    'CompositeLayers',
    'Decode Image',
    'ScrollLayer',
    'BeginMainThreadFrame',
  ],
};
const kindOf = new Map(Object.entries(KINDS).flatMap(([kind, names]) => names.map((name) => [name, kind])));

/** The main thread of the page's renderer: the CrRendererMain thread with the most events. */
function mainThread(events) {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  const best = names.sort((a, b) => (count.get(`${b.pid}:${b.tid}`) ?? 0) - (count.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  return best ? { pid: best.pid, tid: best.tid } : null;
}

/**
 * Per key: from its keydown's dispatch to the page's `kith:rows-painted` mark after it, the main
 * thread's self time (ms) by kind, summed and divided by the keys found.
 */
export function splitOfTrace(trace) {
  const events = trace.traceEvents ?? trace;
  const main = mainThread(events);
  if (!main) return null;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number');
  const marks = events.filter((e) => e.name === 'kith:rows-painted' && e.pid === main.pid).map((e) => e.ts);
  const keys = onMain.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').map((e) => e.ts);
  // One window per painted key: from the first keydown after the previous mark.
  const windows = [];
  for (const start of keys) {
    const end = marks.find((ts) => ts > start);
    if (end !== undefined && windows.at(-1)?.[1] !== end) windows.push([start, end]);
  }
  onMain.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Wall time (dur) waits for a core on a loaded machine; thread time (tdur) is the CPU spent.
  const totals = { script: 0, style: 0, layout: 0, paint: 0, other: 0, idle: 0 };
  const cpu = { script: 0, style: 0, layout: 0, paint: 0, other: 0 };
  const byName = new Map();
  for (const [start, end] of windows) {
    const inside = onMain.filter((e) => e.ts >= start && e.ts < end);
    // Self time: each event's span less its children's (events nest by time on one thread).
    const stack = [];
    const frames = [];
    let busy = 0;
    for (const e of inside) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
      const parent = stack.at(-1);
      const frame = {
        ts: e.ts,
        dur: e.dur,
        tdur: e.tdur ?? 0,
        children: 0,
        childrenCpu: 0,
        kind: kindOf.get(e.name) ?? 'other',
        name: e.name,
      };
      if (parent) {
        parent.children += e.dur;
        parent.childrenCpu += frame.tdur;
      } else busy += Math.min(e.dur, end - e.ts);
      stack.push(frame);
      frames.push(frame);
    }
    for (const f of frames) {
      totals[f.kind] += Math.max(0, f.dur - f.children);
      cpu[f.kind] += Math.max(0, f.tdur - f.childrenCpu);
      byName.set(f.name, (byName.get(f.name) ?? 0) + Math.max(0, f.tdur - f.childrenCpu));
    }
    totals.idle += end - start - busy;
  }
  const n = windows.length || 1;
  return {
    keys: windows.length,
    scriptPerKeyByFrame: samplesInWindows(events, main, windows, n),
    perKey: Object.fromEntries(Object.entries(totals).map(([kind, us]) => [kind, Math.round(us / n / 100) / 10])),
    cpuPerKey: Object.fromEntries(Object.entries(cpu).map(([kind, us]) => [kind, Math.round(us / n / 100) / 10])),
    // The trace events that took the most thread CPU per key, by name: what a kind is made of.
    cpuPerKeyByEvent: Object.fromEntries(
      [...byName]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([name, us]) => [name, Math.round(us / n / 100) / 10]),
    ),
  };
}

/**
 * With the trace's own V8 samples (category disabled-by-default-v8.cpu_profiler): the main
 * thread's JavaScript inside the key windows, as [call frame, ms of self time per key], most first.
 */
function samplesInWindows(events, main, windows, n) {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  if (!profile) return null;
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === main.pid);
  const frames = new Map();
  const self = new Map();
  let at = profile.args.data.startTime;
  let last = null;
  const inWindow = (ts) => windows.some(([start, end]) => ts >= start && ts < end);
  for (const chunk of chunks) {
    const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
    for (const node of cpuProfile.nodes ?? []) frames.set(node.id, node.callFrame);
    (cpuProfile.samples ?? []).forEach((id, i) => {
      at += timeDeltas[i] ?? 0;
      // A sample's time runs to the next one's.
      if (last && inWindow(last.ts)) self.set(last.id, (self.get(last.id) ?? 0) + (at - last.ts));
      last = { id, ts: at };
    });
  }
  const byFrame = new Map();
  for (const [id, us] of self) {
    const frame = frames.get(id);
    if (!frame) continue;
    const key = `${frame.functionName}|${frame.url}|${frame.lineNumber}|${frame.columnNumber}`;
    const entry = byFrame.get(key) ?? { frame, us: 0 };
    entry.us += us;
    byFrame.set(key, entry);
  }
  return [...byFrame.values()].sort((a, b) => b.us - a.us).map(({ frame, us }) => [frame, us / n / 1000]);
}
