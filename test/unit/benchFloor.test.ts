/**
 * The bench's scan floor (test/bench/floorServer.ts) does the work it claims: it finds every
 * rule repeated in the file, as the duplicate-rule check does for a file of one group (the floor
 * does not tell groups apart: it does less than any real check). A floor that found nothing would
 * be fast for nothing. And the peer's server parses what it was sent with the module it was given.
 * No timing here.
 */
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import { collectFindings, parseDocument } from '../../server/src/service';
import { floorOpen, SCAN } from '../bench/floorServer';
import { scratchFile } from '../bench/scratch';

const scan = new Function(`${SCAN.join('\n')}\nreturn scan;`)() as (text: string) => number;

function repeatedRules(text: string): number {
  return collectFindings(parseDocument('file:///floor/robots.txt', 1, text)).filter((f) => f.code === 'rep.duplicate-rule').length;
}

suite('bench: the scan floor finds the rules repeated', () => {
  test('as many as the duplicate-rule check, in a file of one group', () => {
    const texts = [
      'User-agent: *\nDisallow: /a\nDisallow: /a\nAllow: /a\nallow:/a # again\n  Disallow:   /b  \nDisallow: /b\n',
      'User-agent: *\r\nDisallow: /x\r\nDisallow: /x\r\n',
      `User-agent: *\n${Array.from({ length: 3000 }, (_, i) => `Disallow: /p${i % 1000}/`).join('\n')}\n`,
    ];
    for (const text of texts) {
      const found = scan(text);
      assert.ok(found > 0, text.slice(0, 40));
      assert.equal(found, repeatedRules(text), text.slice(0, 40));
    }
  });

  test('nothing repeated, nothing found; comments and other fields are not rules', () => {
    assert.equal(scan('User-agent: *\nDisallow: /a\nAllow: /b\n# Disallow: /a\nSitemap: https://example.com/a\n'), 0);
  });
});

suite('bench: the peer server parses the text it is sent', () => {
  test('its published answer is the module\'s for the text opened', async function () {
    this.timeout(30000);
    // A stand-in for robots-parser (not a dependency): the root is disallowed where the text says so.
    const stub = scratchFile('stub-robots-parser.cjs', "module.exports = (url, text) => ({ isAllowed: (u, agent) => !(url === 'https://example.com/robots.txt' && u === 'https://example.com/' && agent === 'Googlebot' && /^Disallow: \\/$/m.test(text)) });");
    const disallowed = await floorOpen('User-agent: *\nDisallow: /\n', 'peer', undefined, stub);
    const allowed = await floorOpen('User-agent: *\nDisallow: /private/\n', 'peer', undefined, stub);
    assert.equal(disallowed.message, 'the root is disallowed');
    assert.equal(allowed.message, 'the root is allowed');
  });

  test('without the module it says what is missing', async () => {
    await assert.rejects(floorOpen('User-agent: *\n', 'peer'), /robots-parser/);
    await assert.rejects(floorOpen('User-agent: *\n', 'peer', undefined, path.join(os.tmpdir(), 'no-such-folder', 'robots-parser.js')), /Cannot find module/);
  });

  test('a module that throws as it loads ends the open with the exit, not a wait', async function () {
    this.timeout(30000);
    const broken = scratchFile('broken-robots-parser.cjs', "throw new Error('broken');");
    await assert.rejects(floorOpen('User-agent: *\n', 'peer', undefined, broken), /floor server exited \(1\): .*Error: broken/);
  });

  test('a parse that throws is published as such', async function () {
    this.timeout(30000);
    const throwing = scratchFile('throwing-robots-parser.cjs', "module.exports = () => { throw new Error('no parse'); };");
    assert.match((await floorOpen('User-agent: *\n', 'peer', undefined, throwing)).message, /the peer failed: Error: no parse/);
  });

  test('a server that dies during the open ends it with the exit, and is closed without a wait', async function () {
    this.timeout(30000);
    const dying = scratchFile('dying-robots-parser.cjs', 'module.exports = () => process.exit(3);');
    await assert.rejects(floorOpen('User-agent: *\n', 'peer', undefined, dying), /floor server exited \(3\)/);
  });

  test('two modules in one process each keep their own script', async function () {
    this.timeout(30000);
    const yes = scratchFile('yes-robots-parser.cjs', 'module.exports = () => ({ isAllowed: () => true });');
    const no = scratchFile('no-robots-parser.cjs', 'module.exports = () => ({ isAllowed: () => false });');
    const text = 'User-agent: *\n';
    const answers = [];
    for (const m of [yes, no, yes]) answers.push((await floorOpen(text, 'peer', undefined, m)).message);
    assert.deepEqual(answers, ['the root is allowed', 'the root is disallowed', 'the root is allowed']);
  });
});
