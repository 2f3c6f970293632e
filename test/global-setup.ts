import { createTemplateDatabase, stopTestServer, testServer } from './database.ts';

// One PostgreSQL server and one migrated, demo-seeded template per `npm test` run; each test
// file copies the template into a database of its own and drops it afterwards.
export default async function setup() {
  const { adminUrl } = await testServer();
  const template = await createTemplateDatabase();
  process.env.FOYER_TEST_ADMIN_URL = adminUrl;
  process.env.FOYER_TEST_TEMPLATE = template.name;
  return async () => {
    await template.drop();
    await stopTestServer();
  };
}
