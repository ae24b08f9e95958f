import type { ButtonHTMLAttributes } from 'react';
import { cx } from './class-names.ts';
import { Icon, type IconNode } from './icon.tsx';

export type ButtonVariant = 'primary' | 'accent' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-ink text-white hover:bg-slate-700',
  accent: 'bg-brand-500 text-ink hover:bg-brand-400',
  outline: 'border border-slate-300 bg-white text-ink hover:border-ink hover:bg-slate-50',
  ghost: 'text-ink hover:bg-slate-100',
  danger: 'border border-red-200 bg-white text-red-700 hover:bg-red-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-7 text-base',
  icon: 'h-10 w-10',
};

/** Shared look of buttons and button-like links. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  dimmed = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  dimmed?: boolean;
  className?: string;
} = {}): string {
  return cx(
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed disabled:opacity-50',
    // Dimmed controls stay clickable (they answer with a toast saying why nothing changed) and
    // keep readable contrast, so they are muted rather than faded.
    dimmed ? 'bg-slate-200 text-slate-600 hover:bg-slate-300' : variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  dimmed?: boolean;
  /** Drawn before the label. */
  icon?: IconNode;
}

export function Button({
  variant,
  size,
  dimmed,
  className,
  type = 'button',
  icon,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={buttonClasses({ variant, size, dimmed, className })} {...rest}>
      {icon ? <Icon node={icon} className="h-4 w-4" /> : null}
      {children}
    </button>
  );
}
