import { notFound } from 'next/navigation';

/** Any address under /operator that names no page: the operator area's own 404 (./not-found.tsx one level up). */
export default function MissingOperatorPage() {
  notFound();
}
