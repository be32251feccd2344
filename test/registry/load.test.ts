import { writeFileSync } from 'node:fs';
import t from 'tap';
import { knownNames } from '../../src/app.ts';
import { CITIES } from '../../src/backend/seed/cities.ts';
import { isUnifiedSocialCreditCode } from '../../src/lib/credit-code.ts';
import { cityContactsOf } from '../../src/registry/city-contacts.ts';
import { compileRegistry, loadRegistryFile, RegistryError } from '../../src/registry/load.ts';
import { readRegistry, writeTempRegistry } from '../helpers/build.ts';

const known = knownNames();

t.test('the shipped registry.json is valid', async (t) => {
  const reg = loadRegistryFile('registry.json', known);
  t.ok(reg.file.pages.length > 100, 'declares the pages of SPEC 2.1-2.4');
  t.same(reg.warnings, [], 'no warnings');
});

const problemsOf = (edit: (r: ReturnType<typeof readRegistry>) => void): string[] => {
  const raw = readRegistry();
  edit(raw);
  try {
    compileRegistry(raw, known);
  } catch (err) {
    if (err instanceof RegistryError) return err.problems;
    throw err;
  }
  return [];
};

t.test('a schema error names the page and the field', async (t) => {
  const problems = problemsOf((r) => {
    (r.pages[2] as unknown as Record<string, unknown>).cache = 'forever';
  });
  const name = readRegistry().pages[2].name;
  t.ok(
    problems.some((p) => p.startsWith(`page '${name}' (#2) field cache`)),
    problems.join('\n'),
  );
});

t.test('a missing required field and an unknown field are both reported', async (t) => {
  const problems = problemsOf((r) => {
    delete (r.pages[0] as unknown as Record<string, unknown>).module;
    (r.pages[1] as unknown as Record<string, unknown>).colour = 'red';
  });
  t.ok(
    problems.some((p) => p.includes('(#0)') && p.includes("must have required property 'module'")),
    problems.join('\n'),
  );
  t.ok(
    problems.some((p) => p.includes('(#1)') && p.includes('colour')),
    problems.join('\n'),
  );
});

t.test('site.app: a bad scheme, package or App Store id is reported with its field', async (t) => {
  const problems = problemsOf((r) => {
    r.site.app = { scheme: 'xf://', androidPackage: 'not a package', iosAppStoreId: 'id123' };
  });
  for (const field of ['scheme', 'androidPackage', 'iosAppStoreId'])
    t.ok(
      problems.some((p) => p.startsWith(`site.app.${field}: must match pattern`)),
      problems.join('\n'),
    );
});

t.test('site.markupCache: a negative or fractional bound is reported with its field; left out, it takes the default', async (t) => {
  for (const maxBytes of [-1, 1.5]) {
    const problems = problemsOf((r) => {
      r.site.markupCache = { maxBytes };
    });
    t.ok(
      problems.some((p) => p.startsWith('site.markupCache.maxBytes: must be')),
      problems.join('\n'),
    );
  }
  const raw = readRegistry();
  delete (raw.site as Partial<typeof raw.site>).markupCache;
  t.same(compileRegistry(raw, known).file.site.markupCache, { maxBytes: 16_777_216 });
});

t.test('site.httpCache: a negative, fractional or too long time is refused naming the setting; left out, the defaults', async (t) => {
  for (const [setting, value] of [
    ['browserMaxAgeSeconds', -1],
    ['staleWhileRevalidateSeconds', 1.5],
    ['notFoundMaxAgeSeconds', 7200],
    ['errorMaxAgeSeconds', '5'],
  ] as const) {
    const problems = problemsOf((r) => {
      (r.site.httpCache as unknown as Record<string, unknown>)[setting] = value;
    });
    t.ok(
      problems.some((p) => p.startsWith(`site.httpCache.${setting}: must be`)),
      `${setting} ${JSON.stringify(value)}: ${problems.join('\n')}`,
    );
  }
  t.ok(
    problemsOf((r) => {
      (r.site.httpCache as unknown as Record<string, unknown>).maxAge = 30;
    }).some((p) => p.startsWith('site.httpCache') && p.includes('maxAge')),
    'an unknown setting is named too',
  );
  const raw = readRegistry();
  delete (raw.site as Partial<typeof raw.site>).httpCache;
  t.same(compileRegistry(raw, known).file.site.httpCache, {
    browserMaxAgeSeconds: 30,
    staleWhileRevalidateSeconds: 60,
    notFoundMaxAgeSeconds: 60,
    errorMaxAgeSeconds: 5,
  });
});

t.test(
  'site.workerMemory: left out, the defaults; an old space that cannot hold the memos and 128 MB beside them is reported',
  async (t) => {
    const raw = readRegistry();
    delete (raw.site as Partial<typeof raw.site>).workerMemory;
    t.same(compileRegistry(raw, known).file.site.workerMemory, {
      maxOldSpaceMb: 256,
      maxSemiSpaceMb: 8,
      mallocArenaMax: 2,
      mallocMmapThresholdKb: 0,
    });
    const problems = problemsOf((r) => {
      r.site.workerMemory = { maxOldSpaceMb: 256, maxSemiSpaceMb: 8, mallocArenaMax: 2, mallocMmapThresholdKb: 128 };
      r.site.markupCache = { maxBytes: 64 * 1024 * 1024 };
      r.site.answerMemo = { ...r.site.answerMemo, maxBytes: 100 * 1024 * 1024 };
    });
    t.ok(
      problems.some((p) =>
        p.startsWith('site.workerMemory.maxOldSpaceMb: 256 MB cannot hold site.markupCache and site.answerMemo (164 MB)'),
      ),
      problems.join('\n'),
    );
    t.same(
      problemsOf((r) => {
        r.site.workerMemory = { maxOldSpaceMb: 0, maxSemiSpaceMb: 0, mallocArenaMax: 0, mallocMmapThresholdKb: 0 };
        r.site.markupCache = { maxBytes: 512 * 1024 * 1024 };
      }),
      [],
      "0: V8's own ceiling, nothing to check",
    );
    const tooBig = problemsOf((r) => {
      r.site.workerMemory = { maxOldSpaceMb: 256, maxSemiSpaceMb: 8, mallocArenaMax: 2, mallocMmapThresholdKb: 65536 };
    });
    t.ok(
      tooBig.some((p) => p.includes('mallocMmapThresholdKb')),
      `a threshold above glibc's 32 MB is refused, naming the setting: ${tooBig.join('\n')}`,
    );
  },
);

t.test('unknown module, loader, validator, layout and a bad pattern are errors naming the page', async (t) => {
  const problems = problemsOf((r) => {
    r.pages[0].module = 'nope/missing';
    r.pages[1].loader = 'noSuchLoader';
    r.pages[2].validate = 'noSuchValidator';
    r.pages[3].layout = 'fancy';
    r.pages[4].paths = ['/a/*/b'];
  });
  const n = readRegistry().pages.map((p) => p.name);
  t.ok(problems.some((p) => p.includes(`page '${n[0]}'`) && p.includes("unknown module 'nope/missing'")));
  t.ok(problems.some((p) => p.includes(`page '${n[1]}'`) && p.includes("unknown loader 'noSuchLoader'")));
  t.ok(problems.some((p) => p.includes(`page '${n[2]}'`) && p.includes("unknown validator 'noSuchValidator'")));
  t.ok(problems.some((p) => p.includes(`page '${n[3]}'`) && p.includes("unknown layout 'fancy'")));
  t.ok(problems.some((p) => p.includes(`page '${n[4]}'`) && p.includes('field paths')));
});

t.test('duplicate page names are rejected', async (t) => {
  const problems = problemsOf((r) => {
    r.pages[1].name = r.pages[0].name;
  });
  t.ok(problems.some((p) => p.includes('duplicate name')));
});

t.test('an unknown middleware name is only a warning naming the page (requests get 500)', async (t) => {
  const raw = readRegistry();
  raw.pages[0].middleware = ['authenticated', 'frobnicate'];
  const reg = compileRegistry(raw, known);
  t.match(reg.warnings[0], new RegExp(`page '${raw.pages[0].name}'.*unknown middleware 'frobnicate'`));
});

t.test('a file that is not JSON is reported with its path', async (t) => {
  const file = writeTempRegistry();
  writeFileSync(file, '{ "pages": [');
  t.throws(() => loadRegistryFile(file, known), { name: 'RegistryError', message: /not valid JSON/ });
});

t.test('site.creditCode: a placeholder or a wrong check character is refused naming the field', async (t) => {
  for (const creditCode of ['91430100XXXXXXXXXX', '91430104MA4T6PQ58A']) {
    const problems = problemsOf((r) => {
      r.site.creditCode = creditCode;
    });
    t.ok(
      problems.some(
        (p) => p.startsWith(`site.creditCode: '${creditCode}' is not a unified social credit code`) && p.includes('GB 32100-2015'),
      ),
      problems.join('\n'),
    );
  }
  const short = problemsOf((r) => {
    r.site.creditCode = '91430104';
  });
  t.ok(
    short.some((p) => p.startsWith('site.creditCode: must match pattern') && p.includes('统一社会信用代码')),
    short.join('\n'),
  );
});

t.test('site.icpNumber: a number that is not 省ICP备…号 is refused naming the field', async (t) => {
  for (const icpNumber of ['ICP备2021018347号-1', '湘ICP备XXXXXXXX号-1', '湘ICP证2021018347号']) {
    const problems = problemsOf((r) => {
      r.site.icpNumber = icpNumber;
    });
    t.ok(
      problems.some((p) => p.startsWith('site.icpNumber: must match pattern')),
      `${icpNumber}: ${problems.join('\n')}`,
    );
  }
});

t.test("site.cityContacts: a bad phone is refused naming the city's entry and the field", async (t) => {
  for (const supervisionPhone of ['0731-12345', '02785736120', '400-888-0270', '']) {
    const problems = problemsOf((r) => {
      r.site.cityContacts['2'] = { city: '武汉', supervisionPhone };
    });
    t.ok(
      problems.some(
        (p) => p.startsWith("site.cityContacts '2' (武汉) field supervisionPhone: must match pattern") && p.includes('area code'),
      ),
      `${supervisionPhone}: ${problems.join('\n')}`,
    );
  }
  const unlabelled = problemsOf((r) => {
    r.site.cityContacts['7'] = { supervisionPhone: '12345' };
  });
  t.ok(
    unlabelled.some((p) => p.startsWith("site.cityContacts '7' field supervisionPhone: must match pattern")),
    unlabelled.join('\n'),
  );
  const missing = problemsOf((r) => {
    (r.site.cityContacts as Record<string, unknown>)['3'] = { city: '南昌', phone: '0791-86278451' };
  });
  t.ok(
    missing.some((p) => p === "site.cityContacts '3' (南昌): must have required property 'supervisionPhone'"),
    missing.join('\n'),
  );
  t.ok(
    missing.some((p) => p === "site.cityContacts '3' (南昌): must NOT have additional properties (phone)"),
    missing.join('\n'),
  );
});

t.test('site.cityContacts: a key that is not a city id is refused naming the key', async (t) => {
  const problems = problemsOf((r) => {
    r.site.cityContacts.wuhan = { supervisionPhone: '027-85736120' };
  });
  t.ok(
    problems.some((p) => p.startsWith("site.cityContacts key 'wuhan': must match pattern")),
    problems.join('\n'),
  );
  t.notOk(
    problems.some((p) => p.includes('property name must be valid')),
    'the bare propertyNames summary is left out',
  );
});

t.test('site.supervisionPhone (the head office line) is checked like the cities; cityContacts left out is {}', async (t) => {
  const problems = problemsOf((r) => {
    r.site.supervisionPhone = '0731-12345';
  });
  t.ok(
    problems.some((p) => p.startsWith('site.supervisionPhone: must match pattern')),
    problems.join('\n'),
  );
  const raw = readRegistry();
  delete (raw.site as Partial<typeof raw.site>).cityContacts;
  const { site } = compileRegistry(raw, known).file;
  t.same(site.cityContacts, {});
  t.equal(cityContactsOf(site, 2).supervisionPhone, site.supervisionPhone, 'a city without an entry: the head office line');
});

t.test("every city the embedded gateway seeds has its own supervision phone with the city's area code", async (t) => {
  const { site } = loadRegistryFile('registry.json', known).file;
  const phones = new Set<string>();
  for (const city of CITIES) {
    const entry = site.cityContacts[String(city.id)];
    t.ok(entry, `${city.name} (${city.id}) has an entry`);
    t.equal(entry?.city, city.name, `entry ${city.id} is labelled ${city.name}`);
    t.ok(
      entry?.supervisionPhone.startsWith(`${city.areaCode}-`),
      `${city.name}: ${entry?.supervisionPhone} has area code ${city.areaCode}`,
    );
    t.equal(cityContactsOf(site, city.id).supervisionPhone, entry?.supervisionPhone);
    phones.add(entry?.supervisionPhone ?? '');
  }
  t.equal(phones.size, CITIES.length, 'no two cities share a line');
  t.ok(isUnifiedSocialCreditCode(site.creditCode));
  t.match(site.icpNumber, /^湘ICP备2021\d{6}号-1$/);
  for (const value of [site.creditCode, site.icpNumber, site.supervisionPhone, ...phones]) {
    t.notMatch(value, /X{4}|12345678|0000000/, `${value} is not a placeholder`);
  }
});
