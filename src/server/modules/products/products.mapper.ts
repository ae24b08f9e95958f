import type { Product, ProductImage } from '#shared/contract/product.ts';
import type { ProductSpecs } from '#shared/contract/product-sizing.ts';
import { recommendedSizeLabel, type Rider } from '#shared/rules/fit.ts';
import { toDollars } from '#shared/rules/money.ts';
import { productRating } from '#shared/rules/ratings.ts';
import { weightGramsToKg, weightKgToGrams } from '#shared/rules/specs.ts';
import type { ProductGeometry } from '#shared/contract/product-geometry.ts';
import { geometryOf } from './product-sizes.repository.ts';
import type { ImageUrls } from '../uploads/images.ts';
import type { ImageRow } from './product-images.repository.ts';
import type { ProductRecord, ProductRow, SpecColumns } from './products.repository.ts';

/** Specs as columns: every column written, so a spec left out of the form is cleared. */
export function specColumns(specs: ProductSpecs): SpecColumns {
  return {
    frameMaterial: specs.frameMaterial ?? null,
    wheelSize: specs.wheelSize ?? null,
    gears: specs.gears ?? null,
    weightGrams: specs.weightKg === undefined ? null : weightKgToGrams(specs.weightKg),
    brakes: specs.brakes ?? null,
    suspension: specs.suspension ?? null,
    travelMm: specs.travelMm ?? null,
    motorTorqueNm: specs.motorTorqueNm ?? null,
    batteryWh: specs.batteryWh ?? null,
    rangeKm: specs.rangeKm ?? null,
  };
}

/** The specs the row states, and only those. */
function specsOf(row: ProductRow): ProductSpecs {
  const specs: ProductSpecs = {};
  if (row.frameMaterial !== null) specs.frameMaterial = row.frameMaterial;
  if (row.wheelSize !== null) specs.wheelSize = row.wheelSize;
  if (row.gears !== null) specs.gears = row.gears;
  if (row.weightGrams !== null) specs.weightKg = weightGramsToKg(row.weightGrams);
  if (row.brakes !== null) specs.brakes = row.brakes;
  if (row.suspension !== null) specs.suspension = row.suspension;
  if (row.travelMm !== null) specs.travelMm = row.travelMm;
  if (row.motorTorqueNm !== null) specs.motorTorqueNm = row.motorTorqueNm;
  if (row.batteryWh !== null) specs.batteryWh = row.batteryWh;
  if (row.rangeKm !== null) specs.rangeKm = row.rangeKm;
  return specs;
}

/** With a rider (the fit filter's query), the product also names the size that fits them. */
export function toProduct(
  { row, sizes, images }: ProductRecord,
  urls: ImageUrls,
  rider?: Rider,
): Product {
  const productSizes = sizes.map((s) => ({
    label: s.label,
    quantity: s.quantity,
    minHeightCm: s.minHeightCm,
    maxHeightCm: s.maxHeightCm,
    ...withGeometry(geometryOf(s)),
  }));
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    slug: row.slug,
    category: row.category,
    price: toDollars(row.priceCents),
    quantity: row.quantity,
    description: row.description,
    ...urls.of(row.imageKey),
    ...(images ? { images: images.map((image) => toProductImage(image, row, urls)) } : {}),
    inStock: row.quantity > 0,
    sizes: productSizes,
    specs: specsOf(row),
    ...(rider ? { recommendedSize: recommendedSizeLabel(productSizes, rider) } : {}),
    rating: productRating(row.ratingSum, row.ratingCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A picture without alt text of its own is described by the bicycle's brand and name. */
function toProductImage(image: ImageRow, row: ProductRow, urls: ImageUrls): ProductImage {
  const { imageUrl, thumbnailUrl } = urls.of(image.imageKey);
  return {
    _id: image.id,
    url: imageUrl ?? '',
    thumbnailUrl: thumbnailUrl ?? '',
    alt: image.alt || `${row.brand} ${row.name}`,
  };
}

/** A size without geometry leaves the key out, so answers read as they did before geometry. */
function withGeometry(geometry: ProductGeometry | null): { geometry?: ProductGeometry } {
  return geometry ? { geometry } : {};
}
