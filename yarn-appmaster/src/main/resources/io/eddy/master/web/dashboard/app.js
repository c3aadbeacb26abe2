// Eddy's dashboard: reads the master's JSON API (../api/) once a second and draws the overview or
// one job (its graph with records, rates and back pressure, a throughput plot, its subtasks).
// Every value from the API reaches the page as text (textContent), never as markup.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const POLL_MILLIS = 1000;
const PLOT_COLOURS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#5d4037', '#37474f'];

let timer = null;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = String(text);
  return node;
}

/** 1234567 -> "1.23 M": three significant digits, as the CLI's progress lines print counts. */
function count(n) {
  if (n < 1000) return String(Math.round(n));
  const units = ['k', 'M', 'G', 'T'];
  let v = n, u = -1;
  while (v >= 999.5 && u < units.length - 1) { v /= 1000; u++; }
  return (v >= 99.95 ? v.toFixed(0) : v >= 9.995 ? v.toFixed(1) : v.toFixed(2)) + ' ' + units[u];
}

function bytes(n) {
  return n < 0 ? '–' : count(n) + 'B';
}

/**
 * A worker's log links: the end of its log file through the master (any deployment where the
 * worker writes one) and, on YARN, the NodeManager's page of its container's logs.
 */
function logLinks(w) {
  if (!w) return '–';
  const links = [];
  if (w.logFile) links.push(el('a', { href: '../api/workers/' + encodeURIComponent(w.id) + '/log', class: 'worker-log', title: w.logFile }, 'log'));
  if (w.logUrl) links.push(el('a', { href: w.logUrl, class: 'container-log' }, 'container logs'));
  if (links.length === 0) return el('span', { title: 'an embedded worker logs with the program that runs it' }, 'in the program\'s log');
  const span = el('span', {});
  links.forEach((a, i) => { if (i > 0) span.append(' · '); span.append(a); });
  return span;
}

/** A subtask's worker: its id with its log links while it is registered. */
function workerCell(id, workers) {
  const w = workers.get(id);
  if (!w || (!w.logFile && !w.logUrl)) return id;
  return el('span', {}, id + ' (', logLinks(w), ')');
}

function percent(ratio) {
  return Math.round(ratio * 100) + ' %';
}

function duration(millis) {
  const s = Math.max(0, millis) / 1000;
  return s < 60 ? s.toFixed(1) + ' s' : Math.floor(s / 60) + ' min ' + Math.floor(s % 60) + ' s';
}

async function getJson(path) {
  const response = await fetch(path, { cache: 'no-store' });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || ('HTTP ' + response.status));
  return body;
}

function table(headers, rows, numeric) {
  const head = el('tr', {}, ...headers.map(h => el('th', {}, h)));
  const body = rows.map(r => el('tr', {}, ...r.map((c, i) => el('td', numeric && numeric[i] ? { class: 'num' } : {}, c))));
  return el('table', {}, el('thead', {}, head), el('tbody', {}, ...body));
}

// ---- overview -------------------------------------------------------------------------------

async function showOverview(view) {
  const o = await getJson('../api/overview');
  view.replaceChildren(
    el('h1', {}, 'Cluster'),
    el('p', { id: 'slots' }, o.workers.length + ' workers, ' + o.slots + ' slots, ' + o.freeSlots + ' free'),
    el('h2', {}, 'Workers'),
    table(['worker', 'host', 'slots', 'free', 'heap used', 'heap max', 'GC', 'managed used', 'managed', 'spilled', 'logs'],
      o.workers.map(w => [w.id, w.host, w.slots, w.freeSlots, bytes(w.heapUsedBytes), bytes(w.heapMaxBytes),
        w.gcMillis < 0 ? '–' : duration(w.gcMillis), bytes(w.managedUsedBytes), bytes(w.managedTotalBytes), bytes(w.spilledBytes),
        logLinks(w)]),
      [false, false, true, true, true, true, true, true, true, true, false]),
    el('h2', {}, 'Jobs'),
    jobsTable(o.jobs));
}

function jobsTable(jobs) {
  const rows = jobs.map(j => {
    const link = el('a', { href: '#/jobs/' + j.id, class: 'job' }, j.name);
    return [link, el('span', { class: 'state-' + j.status }, j.status), new Date(j.startTime).toISOString(), j.tasks, j.id];
  });
  return table(['job', 'status', 'started', 'tasks', 'id'], rows, [false, false, false, true, false]);
}

// ---- one job --------------------------------------------------------------------------------

/** Per vertex: records in and out per second and the back-pressured share of time, over the last two samples. */
function rates(job) {
  const h = job.history;
  const n = h.times.length;
  return job.details.vertices.map((v, i) => {
    if (n < 2) return { inRate: 0, outRate: 0, backPressure: 0 };
    const s = h.vertices[i];
    const dt = (h.times[n - 1] - h.times[n - 2]) / 1000;
    if (dt <= 0) return { inRate: 0, outRate: 0, backPressure: 0 };
    const waited = (s.backPressuredMillis[n - 1] - s.backPressuredMillis[n - 2]) / 1000;
    return {
      inRate: Math.max(0, (s.recordsIn[n - 1] - s.recordsIn[n - 2]) / dt),
      outRate: Math.max(0, (s.recordsOut[n - 1] - s.recordsOut[n - 2]) / dt),
      backPressure: Math.min(1, Math.max(0, waited / (dt * Math.max(1, v.running)))),
    };
  });
}

/** Columns by the longest path from a source (loops' feedback edges left out), rows in graph order. */
function layout(job) {
  const n = job.details.vertices.length;
  const level = new Array(n).fill(0);
  const forward = job.edges.filter(e => e.role !== 'FEEDBACK');
  for (let round = 0; round < n; round++) {
    let changed = false;
    for (const e of forward) {
      if (level[e.target] < level[e.source] + 1) { level[e.target] = level[e.source] + 1; changed = true; }
    }
    if (!changed) break;
  }
  const rows = {};
  return level.map(l => { rows[l] = (rows[l] || 0) + 1; return { column: l, row: rows[l] - 1 }; });
}

const BOX_W = 230, BOX_H = 108, GAP_X = 110, GAP_Y = 36, PAD = 20;

/** The hue of a back-pressured share: green (none) through yellow to red (always waiting). */
function pressureColour(share) {
  return 'hsl(' + Math.round(120 * (1 - share)) + ', 70%, 88%)';
}

function drawGraph(job, r) {
  const places = layout(job);
  const columns = Math.max(...places.map(p => p.column)) + 1;
  const rowsUsed = Math.max(...places.map(p => p.row)) + 1;
  const width = PAD * 2 + columns * BOX_W + (columns - 1) * GAP_X;
  const height = PAD * 2 + rowsUsed * BOX_H + (rowsUsed - 1) * GAP_Y;
  const root = svg('svg', { id: 'graph', width, height, viewBox: '0 0 ' + width + ' ' + height });
  const defs = svg('defs');
  const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' });
  marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#78909c' }));
  defs.append(marker);
  root.append(defs);
  const x = i => PAD + places[i].column * (BOX_W + GAP_X);
  const y = i => PAD + places[i].row * (BOX_H + GAP_Y);
  for (const e of job.edges) {
    const blocking = e.exchangeMode === 'BLOCKING';
    const g = svg('g', { class: 'edge' + (blocking ? ' blocking' : ''), 'data-source': e.source, 'data-target': e.target });
    const x1 = x(e.source) + BOX_W, y1 = y(e.source) + BOX_H / 2, x2 = x(e.target), y2 = y(e.target) + BOX_H / 2;
    const back = x2 <= x1;
    const d = back
      ? 'M' + (x1 - BOX_W / 2) + ',' + (y1 + BOX_H / 2) + ' C' + (x1 - BOX_W / 2) + ',' + (y1 + BOX_H) + ' ' + (x2 + BOX_W / 2) + ',' + (y2 + BOX_H) + ' ' + (x2 + BOX_W / 2) + ',' + (y2 + BOX_H / 2)
      : 'M' + x1 + ',' + y1 + ' C' + (x1 + GAP_X / 2) + ',' + y1 + ' ' + (x2 - GAP_X / 2) + ',' + y2 + ' ' + x2 + ',' + y2;
    g.append(svg('path', { d, 'marker-end': 'url(#arrow)' }));
    const lx = back ? (x1 + x2) / 2 : (x1 + x2) / 2, ly = back ? Math.max(y1, y2) + BOX_H / 2 + 14 : (y1 + y2) / 2 - 6;
    g.append(svg('text', { x: lx, y: ly, 'text-anchor': 'middle' }, e.shipStrategy.toLowerCase() + ', ' + (blocking ? 'blocking' : 'pipelined')));
    root.append(g);
  }
  job.details.vertices.forEach((v, i) => {
    const g = svg('g', { class: 'vertex', 'data-vertex': i, 'data-back-pressure': r[i].backPressure.toFixed(3) });
    g.append(svg('rect', { x: x(i), y: y(i), width: BOX_W, height: BOX_H, fill: pressureColour(r[i].backPressure) }));
    const name = v.name.length > 34 ? v.name.substring(0, 33) + '…' : v.name;
    const lines = [
      [name, 'name'],
      ['parallelism ' + v.parallelism + ' · ' + states(v), 'states'],
      ['in ' + count(v.recordsIn) + (r[i].inRate > 0 ? ' (' + count(r[i].inRate) + '/s)' : ''), 'in'],
      ['out ' + count(v.recordsOut) + (r[i].outRate > 0 ? ' (' + count(r[i].outRate) + '/s)' : ''), 'out'],
      ['back pressure ' + Math.round(100 * r[i].backPressure) + '%', 'bp'],
    ];
    const lag = watermarkLag(job, i);
    if (lag !== null) lines.push(['watermark lag ' + duration(lag), 'lag']);
    lines.forEach(([text, cls], k) => g.append(svg('text', { x: x(i) + 8, y: y(i) + 17 + k * 16, class: cls }, text)));
    const title = svg('title', {}, v.name);
    g.append(title);
    root.append(g);
  });
  return root;
}

/**
 * How far vertex i's event time is behind now: the least watermark of its subtasks — what they
 * sent downstream, or for a vertex without outputs what its head reached —; null without one.
 */
function watermarkLag(job, i) {
  const eventTime = w => w !== null && w > -9.2e18 && w < 9.2e18;  // neither none yet nor the end's
  const subtasks = job.subtasks.filter(s => s.vertex === i);
  const sends = job.edges.some(e => e.source === i);
  const marks = subtasks.map(s => sends ? s.outputWatermark : s.inputWatermark);
  if (marks.length === 0 || !marks.every(eventTime)) return null;
  return Math.max(0, Date.now() - Math.min(...marks));
}

function states(v) {
  const parts = [];
  if (v.finished) parts.push(v.finished + ' finished');
  if (v.running) parts.push(v.running + ' running');
  if (v.created) parts.push(v.created + ' waiting');
  if (v.failed) parts.push(v.failed + ' failed');
  if (v.canceled) parts.push(v.canceled + ' canceled');
  return parts.join(', ');
}

/** Records out per second of each vertex that writes any (records in for those that only read), over the history. */
function drawPlot(job) {
  const width = 640, height = 200, left = 56, bottom = 24, top = 10, right = 10;
  const root = svg('svg', { id: 'throughput', width, height });
  const h = job.history;
  const n = h.times.length;
  const series = [];
  job.details.vertices.forEach((v, i) => {
    const counts = v.recordsOut > 0 ? h.vertices[i].recordsOut : h.vertices[i].recordsIn;
    const points = [];
    for (let k = 1; k < n; k++) {
      const dt = (h.times[k] - h.times[k - 1]) / 1000;
      if (dt > 0) points.push([h.times[k], Math.max(0, (counts[k] - counts[k - 1]) / dt)]);
    }
    if (points.some(p => p[1] > 0)) series.push({ name: v.name, vertex: i, points });
  });
  const max = Math.max(1, ...series.flatMap(s => s.points.map(p => p[1])));
  const t0 = n ? h.times[0] : 0, t1 = n ? h.times[n - 1] : 1;
  const sx = t => left + (width - left - right) * (t1 > t0 ? (t - t0) / (t1 - t0) : 1);
  const sy = v => top + (height - top - bottom) * (1 - v / max);
  root.append(svg('line', { x1: left, y1: top, x2: left, y2: height - bottom, stroke: '#90a4ae' }));
  root.append(svg('line', { x1: left, y1: height - bottom, x2: width - right, y2: height - bottom, stroke: '#90a4ae' }));
  root.append(svg('text', { x: left - 4, y: top + 8, 'text-anchor': 'end', class: 'axis' }, count(max) + '/s'));
  root.append(svg('text', { x: left - 4, y: height - bottom, 'text-anchor': 'end', class: 'axis' }, '0'));
  root.append(svg('text', { x: width - right, y: height - 6, 'text-anchor': 'end', class: 'axis' },
    n ? duration(t1 - t0) + ' shown' : 'no samples yet'));
  const plot = svg('g', { class: 'plot' });
  series.forEach((s, k) => {
    plot.append(svg('polyline', {
      points: s.points.map(p => sx(p[0]).toFixed(1) + ',' + sy(p[1]).toFixed(1)).join(' '),
      stroke: PLOT_COLOURS[k % PLOT_COLOURS.length], 'data-vertex': s.vertex,
    }));
  });
  root.append(plot);
  const legend = el('div', { class: 'legend' }, ...series.map((s, k) =>
    el('span', { style: 'color:' + PLOT_COLOURS[k % PLOT_COLOURS.length] + ';margin-right:12px' }, '■ ' + s.name)));
  return [root, legend];
}

async function showJob(view, id) {
  const [job, overview] = await Promise.all([getJson('../api/jobs/' + encodeURIComponent(id)), getJson('../api/overview')]);
  const workers = new Map(overview.workers.map(w => [w.id, w]));
  const d = job.details;
  const r = rates(job);
  const end = d.endTime >= 0 ? d.endTime : Date.now();
  const subtasks = job.subtasks.map(s => [s.vertex + ' ' + s.vertexName, s.subtask, s.attempt, workerCell(s.worker, workers), count(s.recordsIn),
    count(s.recordsOut), bytes(s.bytesIn), bytes(s.bytesOut), bytes(s.spilledBytes), duration(s.backPressuredNanos / 1e6), percent(s.inputPoolUsage),
    percent(s.outputPoolUsage), s.checkpoint ? s.checkpoint.checkpointId + ': ' + duration(s.checkpoint.durationMillis) + ', '
      + bytes(s.checkpoint.stateSize) + ', aligned ' + duration(s.checkpoint.alignmentNanos / 1e6) : '–']);
  view.replaceChildren(
    el('h1', { id: 'job-name' }, d.name),
    el('p', {}, el('span', { id: 'job-status', class: 'state-' + d.status }, d.status), ' · ', duration(end - d.startTime), ' · ', d.id),
    el('h2', {}, 'Job graph'),
    el('div', { class: 'legend' }, 'Colour: back-pressured share of time over the last second (green none, red always). Dashed edges are blocking.'),
    drawGraph(job, r),
    el('h2', {}, 'Throughput (records per second)'),
    ...drawPlot(job),
    el('h2', {}, 'Subtasks'),
    table(['vertex', 'subtask', 'attempt', 'worker', 'records in', 'records out', 'bytes in', 'bytes out', 'spilled', 'back-pressured',
      'input buffers', 'output buffers', 'latest checkpoint'], subtasks,
      [false, true, true, false, true, true, true, true, true, true, true, true, false]),
    ...checkpointsSection(job.checkpoints),
    ...failuresSection(job.failures),
    ...(job.plan ? [el('h2', {}, 'Plan (as the optimizer chose it)'), el('pre', { id: 'plan' }, job.plan)] : []));
}

function checkpointsSection(c) {
  const restore = c.latestRestore
    ? 'latest restore: checkpoint ' + c.latestRestore.checkpointId + (c.latestRestore.atStart ? ' (the savepoint it started from)' : ' (after a failure)')
      + ' at ' + new Date(c.latestRestore.timeMillis).toISOString()
    : 'no restore';
  const summary = el('p', { id: 'checkpoint-summary' }, (c.periodic ? 'periodic checkpoints' : 'no periodic checkpoints') + ' · '
    + c.completed + ' completed · ' + c.failed + ' failed · ' + restore);
  if (c.history.length === 0) return [el('h2', {}, 'Checkpoints'), summary];
  const rows = c.history.map(h => [h.checkpointId, h.type.toLowerCase(), el('span', { class: 'outcome-' + h.outcome }, h.outcome),
    new Date(h.triggerTime).toISOString(), duration(h.endTime - h.triggerTime), h.outcome === 'COMPLETED' ? bytes(h.stateSize) : '–',
    h.tasks, h.tasks ? duration(h.alignmentMillis / h.tasks) : '–', h.tasks ? duration(h.syncMillis / h.tasks) : '–',
    h.tasks ? duration(h.asyncMillis / h.tasks) : '–', h.pointerOrReason]);
  return [el('h2', {}, 'Checkpoints'), summary,
    table(['id', 'type', 'outcome', 'triggered', 'duration', 'state', 'tasks', 'alignment/task', 'sync/task', 'async/task', 'location or reason'],
      rows, [true, false, false, false, true, true, true, true, true, true, false])];
}

/** The failures whose stack trace the user opened: kept open across the redraws. */
const openFailures = new Set();

function failuresSection(failures) {
  if (failures.length === 0) return [el('h2', {}, 'Exceptions'), el('p', { id: 'no-failures' }, 'No task has failed.')];
  return [el('h2', {}, 'Exceptions'), el('div', { id: 'failures' }, ...failures.map(f => {
    const head = el('summary', {}, new Date(f.timeMillis).toISOString() + ' · ' + f.tasks + ' on ' + f.worker + ' · '
      + f.exceptionClass + ': ' + f.message + (f.rootCause && !(f.exceptionClass + ': ' + f.message).startsWith(f.rootCause)
        ? ' — caused by ' + f.rootCause : ''));
    const key = f.timeMillis + ' ' + f.tasks;
    const item = el('details', openFailures.has(key) ? { class: 'failure', open: '' } : { class: 'failure' }, head,
      el('pre', {}, f.stackTrace || '(no stack trace)'));
    item.addEventListener('toggle', () => { if (item.open) openFailures.add(key); else openFailures.delete(key); });
    return item;
  }))];
}

// ---- actions (cancel, savepoint): POST with the action token, kept for this tab only ---------

const TOKEN_KEY = 'eddy-action-token';
let actionJob = null;

async function act(action) {
  const result = document.getElementById('action-result');
  const token = document.getElementById('token').value.trim();
  sessionStorage.setItem(TOKEN_KEY, token);
  result.className = '';
  result.textContent = action + '…';
  try {
    const response = await fetch('../api/jobs/' + encodeURIComponent(actionJob) + '/' + action,
      { method: 'POST', headers: { 'Authorization': 'Bearer ' + token } });
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || ('HTTP ' + response.status));
    result.textContent = action === 'cancel' ? 'Cancelling the job' : 'Savepoint written to ' + body.path;
  } catch (e) {
    result.className = 'failed';
    result.textContent = e.message;
  }
}

function showActions(jobId) {
  const panel = document.getElementById('actions');
  if (jobId !== actionJob) document.getElementById('action-result').textContent = '';
  actionJob = jobId;
  panel.hidden = jobId === null;
}

document.getElementById('token').value = sessionStorage.getItem(TOKEN_KEY) || '';
document.getElementById('cancel').addEventListener('click', () => act('cancel'));
document.getElementById('savepoint').addEventListener('click', () => act('savepoint'));

// ---- routing --------------------------------------------------------------------------------

async function render() {
  const view = document.getElementById('view');
  const status = document.getElementById('status');
  const hash = location.hash || '#/';
  try {
    const match = hash.match(/^#\/jobs\/([0-9a-fA-F]{32})$/);
    showActions(match ? match[1] : null);
    if (match) {
      await showJob(view, match[1]);
    } else {
      await showOverview(view);
    }
    status.textContent = 'updated ' + new Date().toLocaleTimeString();
  } catch (e) {
    // A fetch that fails outright (TypeError) means the master does not answer: the cluster may be gone.
    const gone = e instanceof TypeError;
    const message = gone
      ? 'The master does not answer (' + e.message + '): the cluster may have stopped. Showing what it last served; retrying every second.'
      : 'not updated: ' + e.message;
    status.textContent = message;
    status.className = 'failed';
    if (!view.hasChildNodes()) view.append(el('p', { id: 'unreachable', class: 'failed' }, message));
    return;
  }
  status.className = '';
}

function schedule() {
  clearTimeout(timer);
  render().finally(() => { timer = setTimeout(schedule, POLL_MILLIS); });
}

window.addEventListener('hashchange', schedule);
schedule();
