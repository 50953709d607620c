export function Spinner({
  label = 'Loading',
  size = 'md',
}: {
  readonly label?: string;
  readonly size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <span className={`spinner spinner--${size}`} role="status" aria-label={label}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function PageLoading({ label = 'Loading…' }: { readonly label?: string }) {
  return (
    <div className="page-loading">
      <Spinner label={label} />
      <span>{label}</span>
    </div>
  );
}
