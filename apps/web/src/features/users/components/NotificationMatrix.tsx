import {
  NOTIFICATION_TYPE_GROUPS,
  NOTIFICATION_TYPE_LABELS,
  isAlwaysMailed,
  isMailedType,
  type NotificationChannel,
  type NotificationMatrix as Matrix,
  type NotificationType,
  type TNotificationSwitches,
} from '@contesthub/shared';
import { Check } from 'lucide-react';

const CELL = 'w-14 px-0 text-center sm:w-20';

function ChannelBox({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (next: boolean) => void;
}) {
  // A 44 px target around a native checkbox: Space toggles it, Tab moves along the row.
  return (
    <label className="inline-flex h-11 w-11 cursor-pointer items-center justify-center has-[:disabled]:cursor-not-allowed">
      <input
        type="checkbox"
        className="h-5 w-5 accent-emerald-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400 disabled:opacity-50"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

/**
 * The type × channel table: in-app always, email (important types only; security alerts always) and
 * push per type. A channel whose master switch is off, or a group whose spec switch is off, shows its
 * boxes disabled: the choices are kept for when it is turned back on.
 */
export function NotificationMatrix({
  matrix,
  switches,
  onChange,
  disabled,
}: {
  matrix: Matrix;
  switches: TNotificationSwitches;
  onChange: (type: NotificationType, channel: NotificationChannel, on: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Which notifications reach you by email and push</caption>
        <thead>
          <tr className="text-xs uppercase tracking-wide text-slate-400">
            <th scope="col" className="px-4 py-2 text-left font-medium sm:px-2">
              Notification
            </th>
            <th scope="col" className={`${CELL} font-medium`}>
              In-app
            </th>
            <th scope="col" className={`${CELL} font-medium`}>
              Email
            </th>
            <th scope="col" className={`${CELL} font-medium`}>
              Push
            </th>
          </tr>
        </thead>
        {NOTIFICATION_TYPE_GROUPS.map((group) => {
          const groupOff = group.switch !== null && !switches[group.switch];
          return (
            <tbody key={group.label} className="border-t border-slate-800">
              <tr>
                <th scope="rowgroup" colSpan={4} className="px-4 pt-3 pb-1 text-left text-xs font-semibold text-slate-300 sm:px-2">
                  {group.label}
                  {groupOff && <span className="ml-2 font-normal text-amber-300">Off: in-app only</span>}
                </th>
              </tr>
              {group.types.map((type) => {
                const label = NOTIFICATION_TYPE_LABELS[type];
                const always = isAlwaysMailed(type);
                return (
                  <tr key={type}>
                    <th scope="row" className="px-4 py-1 text-left font-normal break-words text-slate-200 sm:px-2">
                      {label}
                    </th>
                    <td className={CELL}>
                      <Check className="mx-auto h-4 w-4 text-emerald-400" aria-hidden />
                      <span className="sr-only">Always</span>
                    </td>
                    <td className={CELL}>
                      {always ? (
                        <span className="text-xs text-slate-400">Always</span>
                      ) : isMailedType(type) ? (
                        <ChannelBox
                          label={`${label}: email`}
                          checked={matrix[type].email}
                          disabled={!!disabled || groupOff || !switches.email}
                          onChange={(on) => onChange(type, 'email', on)}
                        />
                      ) : (
                        <>
                          <span className="text-slate-600" aria-hidden>
                            –
                          </span>
                          <span className="sr-only">Not emailed</span>
                        </>
                      )}
                    </td>
                    <td className={CELL}>
                      <ChannelBox
                        label={`${label}: push`}
                        checked={matrix[type].push}
                        disabled={!!disabled || groupOff || !switches.push}
                        onChange={(on) => onChange(type, 'push', on)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
