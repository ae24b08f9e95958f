-- Custom SQL migration file, put your code below! --
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
