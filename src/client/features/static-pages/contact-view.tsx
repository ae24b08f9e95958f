import { Icon } from '#client/components/ui/icon.tsx';
import clockIcon from 'lucide-react/icons/clock';
import mailIcon from 'lucide-react/icons/mail';
import mapPinIcon from 'lucide-react/icons/map-pin';
import { useId, type InputHTMLAttributes, type ReactNode, type SyntheticEvent } from 'react';
import { contactMessages } from '#shared/messages/contact.ts';
import { Button } from '#client/components/ui/button.tsx';
import { showNotice } from '#client/components/ui/notice.ts';

const field =
  'mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-ink placeholder:text-slate-500 focus:border-ink focus:ring-2 focus:ring-brand-500/40 focus:outline-none';
const label = 'text-sm font-semibold text-ink';

const INPUTS: Record<
  'name' | 'email' | 'website',
  { text: string } & Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'autoComplete' | 'placeholder'
  >
> = {
  name: { text: 'Name', type: 'text', autoComplete: 'name' },
  email: { text: 'Email', type: 'email', autoComplete: 'email' },
  website: { text: 'Website', type: 'url', autoComplete: 'url', placeholder: 'https://' },
};

function Labelled({ id, text, children }: { id: string; text: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      {children}
    </div>
  );
}

/** One of the form's text boxes; `formId` keeps its id apart from any other form's. */
function ContactInput({ formId, name }: { formId: string; name: keyof typeof INPUTS }) {
  const { text, ...input } = INPUTS[name];
  return (
    <Labelled id={`${formId}-${name}`} text={text}>
      <input id={`${formId}-${name}`} name={name} {...input} className={field} />
    </Labelled>
  );
}

export function ContactView() {
  const id = useId();
  const onSubmit = (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Messages are not sent anywhere yet; the spec answers every submit with this notice.
    showNotice({ kind: 'info', text: contactMessages.underway });
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
      <p className="text-sm font-bold tracking-[0.2em] text-brand-700 uppercase">Contact</p>
      <h1 className="mt-2 text-4xl font-black tracking-tight text-ink sm:text-5xl">Get in touch</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Questions about a bicycle, an order or sizing? Write to us and a rider from our team will
        get back to you.
      </p>

      <div className="mt-12 grid gap-10 lg:grid-cols-[1fr_1.4fr]">
        <section
          aria-labelledby={`${id}-info`}
          className="space-y-6 rounded-2xl bg-ink p-8 text-slate-200"
        >
          <h2 id={`${id}-info`} className="text-xl font-bold text-white">
            Contact information
          </h2>
          <p className="flex gap-3">
            <Icon node={mailIcon} className="mt-0.5 h-5 w-5 shrink-0 text-brand-400" />
            <a href="mailto:support@bicycle-store.com" className="break-all hover:text-brand-400">
              support@bicycle-store.com
            </a>
          </p>
          <p className="flex gap-3">
            <Icon node={mapPinIcon} className="mt-0.5 h-5 w-5 shrink-0 text-brand-400" />
            <span>221 Spoke Street, Portland, OR 97209</span>
          </p>
          <p className="flex gap-3">
            <Icon node={clockIcon} className="mt-0.5 h-5 w-5 shrink-0 text-brand-400" />
            <span>Customer service hours: 8:00 AM to 18:00, closed Saturday and Sunday</span>
          </p>
        </section>

        <form
          method="post"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby={`${id}-form`}
          className="space-y-5"
        >
          <h2 id={`${id}-form`} className="text-xl font-bold text-ink">
            Send us a message
          </h2>
          <div className="grid gap-5 sm:grid-cols-2">
            <ContactInput formId={id} name="name" />
            <ContactInput formId={id} name="email" />
          </div>
          <ContactInput formId={id} name="website" />
          <Labelled id={`${id}-comment`} text="Comment">
            <textarea id={`${id}-comment`} name="comment" rows={6} className={field} />
          </Labelled>
          <Button type="submit" size="lg">
            Send Message
          </Button>
        </form>
      </div>
    </main>
  );
}
