import { createTemplateDatabase, stopTestServer, testServer } from './database.ts';

// One PostgreSQL server and two migrated, demo-seeded templates per `npm test` run, the demo as
// of now and as of the catalogue tests' fixed date (database.ts); each test file copies one into
// a database of its own and drops it afterwards.
export default async function setup() {
  const { adminUrl } = await testServer();
  const templates = await Promise.all([createTemplateDatabase('now'), createTemplateDatabase('fixed')]);
  process.env.FOYER_TEST_ADMIN_URL = adminUrl;
  for (const template of templates) process.env[template.variable] = template.name;
  return async () => {
    await Promise.all(templates.map((template) => template.drop()));
    await stopTestServer();
  };
}
