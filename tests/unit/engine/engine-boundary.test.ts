import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../../engine');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('engine boundary (STYLE.md rule 6 and 7)', () => {
  const files = sources(root);

  it('never imports React, zustand, react-query or the web app, and never calls fetch', () => {
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/from ['"](react|react-dom|zustand|@tanstack\/[^'"]+|immer)['"]/);
      expect(text, file).not.toMatch(/from ['"][./]+\/web\//);
      expect(text, file).not.toMatch(/\bfetch\s*\(/);
    }
  });

  it('keeps engine/model pure: no Pixi, no DOM globals', () => {
    for (const file of files.filter((f) => f.includes(`${path.sep}model${path.sep}`))) {
      const text = fs.readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/from ['"]pixi\.js/);
      expect(text, file).not.toMatch(/\b(document|window|requestAnimationFrame)\./);
    }
  });

  it('keeps render/ to the scene-state interface: the scene never imports the interaction or animation classes', () => {
    for (const file of files.filter((f) => f.includes(`${path.sep}render${path.sep}`))) {
      const text = fs.readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/from ['"]\.\.\/(interactions|card-animations|board-engine|board-frame)['"]/);
    }
  });
});
