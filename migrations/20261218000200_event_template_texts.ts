import type { Knex } from 'knex';

// Event templates edited on screen (core/event-templates/): their words per language, the warning
// set when the English form is incomplete, and their images stored by content hash.
//
// - event_template_texts: a template's display name, description and confirmation e-mail text in
//   each language but English, and the English e-mail text. English display name and description
//   stay on event_templates (display_name, description), which the storefront reads; another
//   language falls back to English when empty.
// - event_templates.english_incomplete: the warning flag of a multi-language form whose English is
//   not complete (a text given in another language but not in English).
// - event_template_images: resized images, named by the SHA-256 of their bytes, served with
//   immutable cache headers. In the database, not on a disk, so every web node serves the same
//   images and a test database carries its own.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_template_texts', (t) => {
    t.integer('event_template_id').notNullable().references('event_templates.id').onDelete('CASCADE');
    t.text('language').notNullable();
    t.text('display_name').nullable();
    t.text('description').nullable();
    t.text('confirmation_email_text').nullable();
    t.primary(['event_template_id', 'language']);
  });
  await knex.raw(
    `alter table event_template_texts add constraint event_template_texts_language
       check (language in ('en','fr','ko','pt','de','zh','ja','es'))`,
  );
  await knex.schema.alterTable('event_templates', (t) => {
    t.boolean('english_incomplete').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('event_template_images', (t) => {
    t.text('hash').primary(); // SHA-256 hex of bytes
    t.text('content_type').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.binary('bytes').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('event_template_images');
  await knex.schema.alterTable('event_templates', (t) => t.dropColumn('english_incomplete'));
  await knex.schema.dropTableIfExists('event_template_texts');
}
