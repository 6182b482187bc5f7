import { Hammer } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '@contesthub/shared';

/**
 * Shown on routes whose capability has not landed yet. It says so plainly instead of showing
 * invented content.
 */
export default function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <Hammer className="mx-auto h-12 w-12 text-amber-400" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-slate-400">{description}</p>
      <p className="mt-2 text-sm text-slate-400">This part of ContestHub is being built and will open here soon.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.home()} variant="outline">
          Back to Home
        </ButtonLink>
        <ButtonLink to={paths.contact()}>Contact Support</ButtonLink>
      </div>
    </section>
  );
}
