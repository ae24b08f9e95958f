import { useFormContext, useWatch } from 'react-hook-form';
import { Options } from '../components/options.tsx';
import { Field, FieldError } from '#client/components/ui/form-field.tsx';
import { controlProps } from './form-kit.tsx';
import type { ProductFormValues } from './product-form-values.ts';
import { SPEC_FIELDS, appliesTo, specFieldLabel, type SpecField } from './spec-fields.ts';

function SpecControl({ field }: { field: SpecField }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const id = `spec-${field.key}`;
  const error = errors.specs?.[field.key]?.message;
  return (
    <Field id={id} label={specFieldLabel(field)} error={error}>
      {field.kind === 'choice' ? (
        <select {...controlProps(id, error)} {...register(`specs.${field.key}`)}>
          <option value="">Not stated</option>
          <Options values={field.options} />
        </select>
      ) : (
        <input
          type="number"
          inputMode={field.step === '1' ? 'numeric' : 'decimal'}
          step={field.step}
          min="0"
          {...controlProps(id, error)}
          {...register(`specs.${field.key}`)}
        />
      )}
    </Field>
  );
}

/**
 * What the maker states about the bicycle; a box left empty is "not stated", never zero. The
 * motor and battery only show for Electric Bikes (and are cleared for other categories).
 */
export function SpecsSection() {
  const {
    control,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const category = useWatch({ control, name: 'category' });
  const shown = SPEC_FIELDS.filter((field) => appliesTo(field, category));
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">Specs</legend>
      <div className="grid gap-5 sm:grid-cols-2 md:grid-cols-3">
        {shown.map((field) => (
          <SpecControl key={field.key} field={field} />
        ))}
      </div>
      <FieldError id="specs-error" message={errors.specs?.message} />
    </fieldset>
  );
}
