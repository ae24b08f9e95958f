import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A control's error, under it, with the id the control names in `aria-describedby`. */
export function FieldError({
  id,
  message,
  className = 'mt-1',
}: {
  id: string;
  message: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={`${className} text-sm text-red-600`.trim()}>
      {message}
    </p>
  );
}

/** A label, its control and the control's error (`<id>-error`), linked for screen readers. */
export function Field({
  id,
  label,
  error,
  className,
  errorClassName,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  className?: string;
  errorClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} className={errorClassName} />
    </div>
  );
}

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
}

/** The one field as a text input, in the store front's look. */
export function FormField({ label, error, className = '', ...input }: FormFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} className="flex flex-col gap-1.5" errorClassName="">
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`rounded-lg border px-3 py-2.5 text-slate-900 outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ${error ? 'border-red-500' : 'border-slate-300'} ${className}`}
        {...input}
      />
    </Field>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => {
          onChange(e.target.checked);
        }}
        className="h-4 w-4 accent-brand-600"
      />
      {children}
    </label>
  );
}

export function ShowPasswordToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <CheckboxField checked={checked} onChange={onChange}>
      Show Password
    </CheckboxField>
  );
}
