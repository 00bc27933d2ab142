import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the test scripts, without declarations.
import { fileCircles, foldersImportingEachOther } from '../../scripts/lib/import-graph.mjs';

// The house's shape is kept by checks, not by sentences: each is shown refusing a deliberate
// violation, and passing the tree as it is.
const ROOT = path.resolve(import.meta.dirname, '../..');
const TREES = ['server/src', 'web/src', 'contract/src', 'replica/src'];

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** A throwaway tree of `files` (relative path → source). */
function tree(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-imports-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

describe('the import circle check', () => {
  it('finds a circle, a type-only one included, through index files', () => {
    const root = tree({
      'catalog/index.ts': "export { Directory } from './directory';\n",
      'catalog/directory.ts':
        "import type { Admin } from '../images';\nexport class Directory { a?: Admin; }\n",
      'images/index.ts': "export { Admin } from './admin';\n",
      'images/admin.ts':
        "import { Directory } from '../catalog';\nexport class Admin { d = Directory; }\n",
      'images/alone.ts': 'export const alone = 1;\n',
    });
    expect(fileCircles(root)).toEqual([
      'catalog/directory.ts > images/index.ts > images/admin.ts > catalog/index.ts > catalog/directory.ts',
    ]);
  });

  it('finds two folders that import each other without a file circle, and names both arrows', () => {
    const root = tree({
      'http/app.ts': "import { routes } from '../favorites/routes';\nexport const app = routes;\n",
      'http/access.ts': 'export const currentUser = 1;\n',
      'favorites/routes.ts':
        "import { currentUser } from '../http/access';\nexport const routes = currentUser;\n",
      'auth/users.ts': 'export const users = 1;\n',
      'main.ts':
        "import { app } from './http/app';\nimport { users } from './auth/users';\nexport default [app, users];\n",
    });
    expect(fileCircles(root)).toEqual([]);
    expect(foldersImportingEachOther(root)).toEqual([
      'favorites <-> http (favorites/routes.ts -> http/access.ts; http/app.ts -> favorites/routes.ts)',
    ]);
  });

  it.each(TREES)('finds no circle in %s as it is', (tree) => {
    expect(fileCircles(path.join(ROOT, tree))).toEqual([]);
  });

  it('finds no two folders of server/src importing each other', () => {
    expect(foldersImportingEachOther(path.join(ROOT, 'server/src'))).toEqual([]);
  });
});

describe('the lint rules of the server', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const problems = async (file: string, source: string) => {
    const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  };

  it('refuses an import of http/ from a capability folder, routes included', async () => {
    const source =
      "import { currentUser } from '../http/plugins/access';\nexport const a = currentUser;\n";
    for (const file of ['server/src/catalog/fresh.ts', 'server/src/favorites/fresh-routes.ts']) {
      expect(await problems(file, source)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*http\/ only composes the app/),
      ]);
    }
  });

  it('lets http/ import its own plugins, and capabilities import node:http', async () => {
    expect(
      await problems(
        'server/src/http/fresh.ts',
        "import { registerAccessControl } from './plugins/access';\nexport const a = registerAccessControl;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'server/src/catalog/fresh.ts',
        "import http from 'node:http';\nexport const a = http;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a function of more than 80 lines in server/src, and takes one of 80', async () => {
    const fn = (lines: number) =>
      `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;
    expect(await problems('server/src/catalog/fresh.ts', fn(80))).toEqual([]);
    expect(await problems('server/src/catalog/fresh.ts', fn(81))).toEqual([
      expect.stringMatching(/^max-lines-per-function: .*\(81\)/),
    ]);
  });

  it('still refuses the database in a route module', async () => {
    expect(
      await problems(
        'server/src/favorites/fresh-routes.ts',
        "import type { Db } from '../db';\nexport type A = Db;\n",
      ),
    ).toEqual([expect.stringMatching(/never the database/)]);
  });
});

/**
 * The services each exported function of a route module takes: the members of its first
 * parameter's type (`{ favorites }: { favorites: FavoritesService }`), by function name.
 */
function servicesTaken(source: string): Record<string, number> {
  const file = ts.createSourceFile('routes.ts', source, ts.ScriptTarget.Latest);
  const taken: Record<string, number> = {};
  for (const statement of file.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const type = statement.parameters[0]?.type;
    if (exported && type && ts.isTypeLiteralNode(type))
      taken[statement.name.text] = type.members.length;
  }
  return taken;
}

const ROUTE_MODULE = /(^|-)routes\.ts$/;

describe('the route modules', () => {
  it('counts the services a route module is handed, and would refuse a fourth', () => {
    const module = (names: string[]) =>
      `export function someRoutes({ ${names.join(', ')} }: { ${names.map((n) => `${n}: unknown;`).join(' ')} }) {\n  return async () => {};\n}\n`;
    expect(servicesTaken(module(['a', 'b', 'c']))).toEqual({ someRoutes: 3 });
    expect(servicesTaken(module(['a', 'b', 'c', 'd']))).toEqual({ someRoutes: 4 });
  });

  it('are each handed at most three services', () => {
    const server = path.join(ROOT, 'server/src');
    const modules = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter((file) =>
      ROUTE_MODULE.test(path.basename(file)),
    );
    const taken = Object.fromEntries(
      modules.flatMap((file) =>
        Object.entries(servicesTaken(readFileSync(path.join(server, file), 'utf8'))).map(
          ([name, count]) => [`${file} ${name}`, count],
        ),
      ),
    );
    expect(Object.keys(taken).length).toBeGreaterThan(15);
    expect(Object.entries(taken).filter(([, count]) => count > 3)).toEqual([]);
  });
});
