import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FileUp, X } from 'lucide-react';
import {
  PROFILE_COMPLETION_MIN_TO_ENTER,
  UPLOAD_PROGRESS,
  ZCreateEntry,
  type TContest,
  ENTRY_TYPE_LABELS,
  paths,
} from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldShell, TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/forms';
import { useSubmitEntry } from '../api/submit-entry';
import { ACCEPTED_FILES } from '../lib/accepted-files';

export const PROFILE_INCOMPLETE_MESSAGE =
  'Please complete your profile before submitting entries. You need to fill in at least 50% of your profile information.';
const SUBMIT_FAILED = 'There was an error submitting your entry. Please try again.';
const ZEntryText = ZCreateEntry.pick({ title: true, description: true });

type Errors = Partial<Record<'title' | 'description' | 'files', string>>;

const fileKey = (f: File) => `${f.name}:${f.size}:${f.lastModified}`;
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * Submit an entry (spec 000 §2 Submit-entry modal, §5 Entry submission). The upload goes through
 * the one API client (fetch), which reports no upload progress, so the bar follows the spec's
 * schedule: +10% every 200 ms up to 90%, then 100% when the server answers.
 */
export function SubmitEntryDialog({
  contest,
  onClose,
  onSubmitted,
  onRestricted,
}: {
  contest: TContest;
  onClose: () => void;
  onSubmitted: () => void;
  onRestricted: (message: string) => void;
}) {
  const formId = useId();
  const fileInputId = useId();
  const { user } = useAuth();
  const toast = useToast();
  const submit = useSubmitEntry();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [allowSharing, setAllowSharing] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(timer.current), []);

  const completion = user?.profileCompletion ?? 0;
  const incomplete = !user || completion < PROFILE_COMPLETION_MIN_TO_ENTER;
  const accepted = ACCEPTED_FILES[contest.entryType];
  const typeLabel = ENTRY_TYPE_LABELS[contest.entryType];

  const stopProgress = () => window.clearInterval(timer.current);
  const startProgress = () => {
    setProgress(0);
    stopProgress();
    timer.current = window.setInterval(() => {
      setProgress((p) => Math.min(UPLOAD_PROGRESS.capPercent, (p ?? 0) + UPLOAD_PROGRESS.stepPercent));
    }, UPLOAD_PROGRESS.stepMs);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending) return;
    if (incomplete) {
      toast.error('Profile Incomplete', PROFILE_INCOMPLETE_MESSAGE);
      return;
    }
    const parsed = ZEntryText.safeParse({ title, description });
    const next: Errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (files.length === 0) next.files = 'Please upload at least one file';
    setErrors(next);
    if (!parsed.success || next.files) return;

    startProgress();
    submit.mutate(
      { contestId: contest._id, entryType: contest.entryType, allowSharing, files, ...parsed.data },
      {
        onSuccess: ({ data }) => {
          stopProgress();
          setProgress(100);
          toast.success(
            'Entry Submitted!',
            data.requiresApproval || data.status !== 'approved'
              ? 'Your entry has been submitted and is awaiting approval.'
              : 'Your entry has been submitted and is now live!',
          );
          onSubmitted();
          onClose();
        },
        onError: (err) => {
          stopProgress();
          setProgress(null);
          const body = (err instanceof ApiError ? err.body : undefined) as Record<string, unknown> | undefined;
          const status = err instanceof ApiError ? err.status : 0;
          if (status === 403 && typeof body?.profileCompletion === 'number') {
            toast.error(
              'Profile Incomplete',
              `${PROFILE_INCOMPLETE_MESSAGE} Current completion: ${body.profileCompletion}%. Required: ${PROFILE_COMPLETION_MIN_TO_ENTER}%`,
            );
          } else if (status === 403 && /contest requirements/i.test(err.message)) {
            toast.error('Contest Requirements', err.message);
            onRestricted(err.message);
            onClose();
          } else if (err instanceof ApiError && err.fieldErrors?.entryType) {
            toast.error(
              'Invalid Entry Type',
              `This contest only accepts ${typeLabel.toLowerCase()} entries. Please select the correct entry type.`,
            );
          } else {
            if (err instanceof ApiError && err.fieldErrors?.files) setErrors((prev) => ({ ...prev, files: err.fieldErrors?.files }));
            toast.error('Submission Failed', err.message || SUBMIT_FAILED);
          }
        },
      },
    );
  };

  const addFiles = (list: FileList | null) => {
    if (!list?.length) return;
    const added = Array.from(list);
    setFiles((prev) => {
      const seen = new Set(prev.map(fileKey));
      return [...prev, ...added.filter((f) => !seen.has(fileKey(f)))];
    });
    setErrors((prev) => ({ ...prev, files: undefined }));
  };

  const pending = submit.isPending;
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!pending}
      title="Submit Entry"
      description={contest.title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending} variant={incomplete ? 'accent' : 'primary'}>
            {incomplete ? 'Complete Profile Required' : pending ? 'Submitting...' : 'Submit Entry'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {incomplete && (
          <div role="note" className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-200">
            Your profile is {completion}% complete. You need at least {PROFILE_COMPLETION_MIN_TO_ENTER}% to submit entries.{' '}
            <Link to={paths.dashboard.profile()} className="font-semibold text-amber-100 underline hover:text-white">
              Complete your profile
            </Link>
          </div>
        )}
        <div className="rounded-lg border border-slate-800 bg-slate-950/60 px-3 py-2 text-sm">
          <span className="text-slate-400">Entry type: </span>
          <span className="font-semibold text-slate-100" data-testid="entry-type">
            {typeLabel}
          </span>
          <span className="block text-xs text-slate-400">This contest only accepts {typeLabel.toLowerCase()} entries.</span>
        </div>
        <TextField
          label="Title"
          required
          value={title}
          error={errors.title}
          maxLength={120}
          onChange={(e) => {
            setTitle(e.target.value);
            setErrors((prev) => ({ ...prev, title: undefined }));
          }}
        />
        <TextAreaField
          label="Description"
          required
          value={description}
          error={errors.description}
          maxLength={2000}
          onChange={(e) => {
            setDescription(e.target.value);
            setErrors((prev) => ({ ...prev, description: undefined }));
          }}
        />
        <FieldShell id={fileInputId} label="Files" required error={errors.files} hint={`Accepted: ${accepted.text}`}>
          <label
            htmlFor={fileInputId}
            className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-dashed border-slate-700 bg-slate-950/40 px-4 py-5 text-sm text-slate-300 hover:border-emerald-500/60"
          >
            <FileUp className="h-6 w-6 text-emerald-300" aria-hidden />
            Choose files
            <input
              id={fileInputId}
              type="file"
              multiple
              accept={accepted.accept}
              aria-describedby={errors.files ? `${fileInputId}-error` : `${fileInputId}-hint`}
              className="sr-only"
              disabled={pending}
              onChange={(e) => {
                addFiles(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        </FieldShell>
        {files.length > 0 && (
          <ul className="space-y-1.5" aria-label="Selected files">
            {files.map((f) => (
              <li key={fileKey(f)} className="flex items-center justify-between gap-2 rounded-lg bg-slate-800/60 px-3 py-1.5 text-sm">
                <span className="min-w-0 truncate">{f.name}</span>
                <span className="flex shrink-0 items-center gap-2 text-xs text-slate-400">
                  {sizeText(f.size)}
                  <button
                    type="button"
                    disabled={pending}
                    aria-label={`Remove ${f.name}`}
                    onClick={() => setFiles((prev) => prev.filter((x) => fileKey(x) !== fileKey(f)))}
                    className="rounded p-1 text-slate-400 hover:bg-slate-700 hover:text-red-300 disabled:opacity-50"
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={allowSharing}
            onChange={(e) => setAllowSharing(e.target.checked)}
            className="h-4 w-4 accent-emerald-500"
          />
          Allow others to share this entry
        </label>
        {progress !== null && (
          <div className="space-y-1">
            <div className="flex justify-between text-xs text-slate-400">
              <span>Uploading...</span>
              <span>{progress}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 overflow-hidden rounded-full bg-slate-800"
            >
              <div className="h-full bg-emerald-500 transition-[width]" style={{ width: `${progress}%` }} />
            </div>
          </div>
        )}
      </form>
    </Dialog>
  );
}
