import { Panel } from './panel.tsx';
import { Loading } from '../components/loading.tsx';
import { TableHead } from '#client/components/ui/table.tsx';
import type { OutboxMail } from '#shared/contract/mail.ts';
import { useGetOutboxMailsQuery } from '../dashboard-api.ts';
import { formatOrderTime } from '../format.ts';
import { mailTopic } from './mail-kind.ts';

const TITLE = 'Mails that could not be sent';

function Queued({ iso }: { iso: string }) {
  const { time, date } = formatOrderTime(iso);
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {date}, {time}
    </time>
  );
}

/** Wide screens: one row per mail, the columns side by side. */
function MailTable({ mails }: { mails: OutboxMail[] }) {
  const th = 'py-2 pr-4 font-medium';
  return (
    <table className="mt-3 hidden w-full text-left text-sm lg:table">
      <caption className="sr-only">{TITLE}</caption>
      <TableHead
        rowClassName="text-slate-600"
        cellClassName={th}
        columns={[
          'Recipient',
          'Mail',
          { label: 'Attempts', className: `${th} text-right` },
          'Last error',
          'Queued',
        ]}
      />
      <tbody className="divide-y divide-slate-100 align-top">
        {mails.map((mail) => (
          <tr key={mail._id}>
            <td className="py-2 pr-4 wrap-anywhere">{mail.to}</td>
            <td className="py-2 pr-4">{mailTopic(mail)}</td>
            <td className="py-2 pr-4 text-right font-semibold">{mail.attempts}</td>
            <td className="py-2 pr-4 wrap-anywhere text-red-700">{mail.lastError ?? 'Unknown'}</td>
            <td className="py-2">
              <Queued iso={mail.createdAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Narrow screens: a card per mail, so a phone reads it without scrolling sideways. */
function MailCards({ mails }: { mails: OutboxMail[] }) {
  return (
    <ul aria-label={TITLE} className="mt-3 divide-y divide-slate-100 text-sm lg:hidden">
      {mails.map((mail) => (
        <li key={mail._id} className="py-3">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-slate-500">To</dt>
            <dd className="font-medium wrap-anywhere text-slate-900">{mail.to}</dd>
            <dt className="text-slate-500">Mail</dt>
            <dd>{mailTopic(mail)}</dd>
            <dt className="text-slate-500">Attempts</dt>
            <dd>{mail.attempts}</dd>
            <dt className="text-slate-500">Last error</dt>
            <dd className="wrap-anywhere text-red-700">{mail.lastError ?? 'Unknown'}</dd>
            <dt className="text-slate-500">Queued</dt>
            <dd>
              <Queued iso={mail.createdAt} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * Mails the outbox gave up on after its last retry: a customer is missing a reset link or an order
 * update, and nothing else tells the admin so.
 */
export function FailedMails() {
  // Asked again on each visit: the mail worker changes the outbox while the admin is away.
  const { data, isLoading, isError } = useGetOutboxMailsQuery('failed', {
    refetchOnMountOrArgChange: true,
  });
  return (
    <Panel headingId="failed-mails-heading" title={TITLE}>
      <p className="text-sm text-slate-500">The newest first; the store stopped retrying these.</p>
      {isLoading ? (
        <Loading label="Loading failed mails" padding="py-6" />
      ) : isError || !data ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The failed mails could not be loaded. Please try again.
        </p>
      ) : data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No failed mails.</p>
      ) : (
        <>
          <MailTable mails={data} />
          <MailCards mails={data} />
        </>
      )}
    </Panel>
  );
}
