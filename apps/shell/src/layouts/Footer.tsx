import { Copyright } from '@portal/ui';

export function Footer() {
  return (
    <footer className="shell-footer">
      <Copyright />
    </footer>
  );
}
