/**
 * Conversion over every real robots.txt of the corpus (./corpus.ts), `real/`: to ACAP (and, for 1 file in 20,
 * with Disallow read as "do not index"), then back to conventional groups for 1 file in 40, and
 * every real ACAP file (corpus/acap-real) to conventional groups.
 * Every verdict the check finds changed must be one the conversion reported beforehand
 * (interpretation §5): letter case (a warning names it), a robots.txt 2.0.0 group, ACAP records
 * already in the file, a pattern with a space, a crawler name no User-agent line can address, or a
 * pair of lines the conversion says it cannot rank (a warning naming the deciding line). The figures are printed, nothing is skipped silently.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { decodeUtf8 } from '../../server/src/cli/decode';
import { parseDocument } from '../../server/src/service/syntax/document';
import { CORPUS, MIN_FILES } from './corpus';
import { convertToAcap, convertToRep, type BrokenVerdict, type ConversionResult } from '../../server/src/service/convert/convert';

const REAL = path.join(CORPUS.dir, 'real');
/** Probes per file: enough to cover every pattern of most files, few enough for ~30 s in all. */
const VERIFY = { maxChecks: 40, maxPaths: 40, sharedAgentPaths: 2 };

function read(file: string): string {
  return decodeUtf8(readFileSync(file)).text;
}

/** Was this changed verdict announced by the conversion's warnings? */
function reported(b: BrokenVerdict, warnings: readonly string[]): boolean {
  const has = (s: string): boolean => warnings.some((w) => w.includes(s));
  switch (b.kind) {
    case 'case': return has('case-insensitively (Part 1 §2.8)');
    case 'robot-version-2': return has('follows robots.txt 2.0.0');
    case 'existing-acap': return has('already has ACAP records');
    case 'space': return has('cannot hold a space');
    case 'name': return has('cannot be addressed by name');
    case 'ranking': return has('too many rules') || warnings.some((w) => new RegExp(`\\b[Ll]ine ${b.line} decides over`).test(w));
    default: return false;
  }
}

interface Tally {
  files: number;
  checked: number;
  kept: number;
  byKind: Record<string, number>;
  filesChanged: number;
  unreported: string[];
}

function tally(): Tally {
  return { files: 0, checked: 0, kept: 0, byKind: {}, filesChanged: 0, unreported: [] };
}

function count(t: Tally, name: string, r: ConversionResult): void {
  t.files++;
  t.checked += r.verification.checked;
  t.kept += r.verification.kept;
  if (r.verification.broken.length) t.filesChanged++;
  for (const b of r.verification.broken) {
    t.byKind[b.kind] = (t.byKind[b.kind] ?? 0) + 1;
    if (!reported(b, r.warnings) && t.unreported.length < 20) t.unreported.push(`${name}: ${b.agent} ${b.path} ${b.mode} ${b.kind} — ${b.why}`);
  }
}

function figures(label: string, t: Tally, extra = ''): string {
  const kinds = Object.entries(t.byKind).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
  return `${label}: ${t.files} files, ${t.checked} verdicts checked, ${t.kept} kept, ${t.checked - t.kept} changed (${kinds}) in ${t.filesChanged} files${extra}`;
}

suite('conversion over the real-world corpus', () => {
  test('to ACAP: every file of corpus/real; each changed verdict was reported', function () {
    // Skipped only where ROBOTS_ACAP_CORPUS names a corpus without a real/ folder (the bundled sample has one).
    if (!existsSync(REAL)) this.skip();
    this.timeout(600_000);
    const started = Date.now();
    const t = tally();
    let noGroups = 0;
    let limited = 0;
    let unresolved = 0;
    let addedComments = 0;
    const editsWrong: string[] = [];
    const sample: [string, string][] = [];
    const index = tally();
    const files = readdirSync(REAL).filter((f) => f.endsWith('.txt')).sort();
    assert.ok(files.length >= MIN_FILES.real, `expected the whole real corpus, found ${files.length} files`);
    for (const [k, name] of files.entries()) {
      const text = read(path.join(REAL, name));
      const doc = parseDocument(`file:///${name}`, 1, text);
      const r = convertToAcap(doc, { verify: VERIFY });
      count(t, name, r);
      if (!r.text.startsWith(text)) editsWrong.push(`${name}: the conventional part changed`);
      if (TextDocument.applyEdits(TextDocument.create(name, 'robots-txt', 1, text), r.edits) !== r.text) editsWrong.push(`${name}: the edits do not give the text`);
      if (r.warnings.includes('There is no conventional group to convert.')) noGroups++;
      if (r.verification.probes.candidates > r.verification.probes.paths) limited++;
      unresolved += r.warnings.filter((w) => / decides over /.test(w) || w.includes('too many rules')).length;
      addedComments += (r.text.slice(text.length).match(/^# Where line /gm) ?? []).length;
      if (k % 40 === 0) {
        sample.push([name, r.text.slice(text.length)]);
        sample.push([name, convertToAcap(doc, { ignoreConventional: true, verify: { maxChecks: 0, maxPaths: 0, sharedAgentPaths: 0 } }).text]);
      }
      if (k % 20 === 0) count(index, name, convertToAcap(doc, { reading: 'index', verify: VERIFY }));
    }
    console.log(`      ${figures('to ACAP', t, `; ${noGroups} files have no group to convert; ${limited} files had more probe paths than the ${VERIFY.maxPaths} checked; ${addedComments} sets of added narrower fields; ${unresolved} warnings of pairs ACAP cannot rank; ${((Date.now() - started) / 1000).toFixed(1)} s`)}`);
    assert.deepEqual(editsWrong, []);
    assert.deepEqual(t.unreported, [], 'every changed verdict must be one the conversion reported');
    console.log(`      ${figures('to ACAP reading Disallow as "do not index" (1 file in 20; the index verdict)', index)}`);
    assert.deepEqual(index.unreported, [], 'every changed verdict must be one the conversion reported');

    // Back to conventional groups, for 1 file in 40: the ACAP records alone, and the whole file
    // converted with ACAP-ignore-conventional-records (its groups are then foreign to ACAP crawlers).
    const back = tally();
    for (const [name, acap] of sample) {
      if (!acap.includes('ACAP-crawler:')) continue;
      count(back, name, convertToRep(parseDocument(`file:///${name}`, 1, acap), { verify: VERIFY }));
    }
    console.log(`      ${figures('back to conventional (1 file in 40: its ACAP records alone, and the whole file ignoring conventional records)', back)}`);
    assert.deepEqual(back.unreported, [], 'every changed verdict must be one the conversion reported');
  });

  test('to REP: every real ACAP file (corpus/acap-real); each changed verdict was reported', function () {
    const dir = path.join(CORPUS.dir, 'acap-real');
    // Skipped only where ROBOTS_ACAP_CORPUS names a corpus without an acap-real/ folder (the bundled sample has one).
    if (!existsSync(dir)) this.skip();
    const t = tally();
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()) {
      const text = read(path.join(dir, name));
      const r = convertToRep(parseDocument(`file:///${name}`, 1, text));
      count(t, name, r);
      assert.equal(TextDocument.applyEdits(TextDocument.create(name, 'robots-txt', 1, text), r.edits), r.text, name);
    }
    console.log(`      ${figures('to REP', t)}`);
    assert.ok(t.files >= MIN_FILES['acap-real'], `${t.files} files`);
    assert.deepEqual(t.unreported, [], 'every changed verdict must be one the conversion reported');
  });
});
