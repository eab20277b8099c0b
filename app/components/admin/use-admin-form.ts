/**
 * The back office's form helper is the site's one form helper, `~/lib/use-schema-form`: this
 * name stays for the screens that still import it (/admin/nodes, /admin/tags) until they move.
 */
export { useSchemaForm as useAdminForm, type SchemaForm as AdminForm } from '~/lib/use-schema-form';
