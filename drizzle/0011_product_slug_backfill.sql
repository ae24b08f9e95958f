-- Custom SQL migration file, put your code below! --
-- A product's slug is derived in the database so every writer (the API, the seed, the catalog
-- generator, bulk loads) follows one rule: lowercase ASCII words of brand and name joined by
-- hyphens, the brand left out when the name starts with it, and a number added on collision.
CREATE OR REPLACE FUNCTION slug_words(input text) RETURNS text AS $$
  SELECT trim(both '-' from regexp_replace(
    -- Accented capitals are spelled out too: lower() leaves them as they are in the C locale.
    lower(translate(
      replace(replace(replace(replace(replace(input, 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'),
      'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤŢÙÚÛÜŪŮŰŲÝŸŽŹŻ',
      'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz')),
    '[^a-z0-9]+', '-', 'g'))
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_slug_base(brand text, name text) RETURNS text AS $$
DECLARE
  b text := slug_words(brand);
  n text := slug_words(name);
  s text;
BEGIN
  IF b = '' OR n = b OR left(n, length(b) + 1) = b || '-' THEN
    s := n;
  ELSIF n = '' THEN
    s := b;
  ELSE
    s := b || '-' || n;
  END IF;
  -- Long names make long addresses; 80 characters keep every word that identifies a bicycle.
  s := trim(both '-' from left(s, 80));
  IF s = '' THEN
    s := 'bike';
  END IF;
  RETURN s;
END;
$$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
-- The base itself when no other product has it (now or as an earlier slug), otherwise the base
-- with the next number after the highest in use, from 2. A concurrent writer may pick the same
-- slug: the unique index refuses the second, which tries again.
CREATE OR REPLACE FUNCTION product_free_slug(base text, own uuid) RETURNS text AS $$
DECLARE
  highest bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM products WHERE slug = base AND id IS DISTINCT FROM own)
     AND NOT EXISTS (
       SELECT 1 FROM product_slugs WHERE slug = base AND product_id IS DISTINCT FROM own
     ) THEN
    RETURN base;
  END IF;
  -- Slugs that start with base and a hyphen, as a byte range ('.' follows '-') through the
  -- text_pattern_ops index: a LIKE with a pattern known only at run time would scan the table.
  SELECT max(substring(taken FROM length(base) + 2)::bigint) INTO highest
  FROM (
    SELECT slug AS taken FROM products WHERE slug ~>=~ (base || '-') AND slug ~<~ (base || '.')
    UNION ALL
    SELECT slug FROM product_slugs WHERE slug ~>=~ (base || '-') AND slug ~<~ (base || '.')
  ) AS numbered
  WHERE substring(taken FROM length(base) + 2) ~ '^[0-9]{1,9}$';
  RETURN base || '-' || (greatest(coalesce(highest, 1), 1) + 1)::text;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Indexed prefix searches while the rows are numbered; migration 0012 adds the unique index.
CREATE INDEX IF NOT EXISTS products_slug_backfill_idx ON products (slug text_pattern_ops);
--> statement-breakpoint
-- Oldest first, one row per statement, so each row sees the slugs given before it.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, brand, name FROM products WHERE slug IS NULL ORDER BY created_at, id LOOP
    UPDATE products SET slug = product_free_slug(product_slug_base(r.brand, r.name), r.id)
    WHERE id = r.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS products_slug_backfill_idx;
--> statement-breakpoint
-- New rows get their slug from brand and name (an empty slug means "derive it"). A rename that
-- changes the base gives a new slug and keeps the old one in product_slugs; taking back one of
-- its own earlier slugs removes it from the history.
CREATE OR REPLACE FUNCTION products_assign_slug() RETURNS trigger AS $$
DECLARE
  base text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.slug IS NULL OR NEW.slug = '' THEN
      NEW.slug := product_free_slug(product_slug_base(NEW.brand, NEW.name), NEW.id);
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.slug IS NOT DISTINCT FROM OLD.slug THEN
    base := product_slug_base(NEW.brand, NEW.name);
    IF OLD.slug = base OR OLD.slug ~ ('^' || base || '-[0-9]+$') THEN
      RETURN NEW;
    END IF;
    NEW.slug := product_free_slug(base, NEW.id);
  END IF;
  IF NEW.slug IS DISTINCT FROM OLD.slug THEN
    DELETE FROM product_slugs WHERE slug = NEW.slug AND product_id = NEW.id;
    INSERT INTO product_slugs (slug, product_id) VALUES (OLD.slug, OLD.id)
    ON CONFLICT (slug) DO NOTHING;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_slug_inserted
  BEFORE INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION products_assign_slug();
--> statement-breakpoint
CREATE TRIGGER products_slug_renamed
  BEFORE UPDATE OF name, brand, slug ON products
  FOR EACH ROW EXECUTE FUNCTION products_assign_slug();
