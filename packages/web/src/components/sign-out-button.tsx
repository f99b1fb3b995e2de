import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

/**
 * Signs out and goes home. `compact`: on phones only the icon shows (the label stays the button's
 * accessible name and tooltip).
 */
export function SignOutButton({
  label = 'Cerrar Sesión',
  compact = false,
}: {
  label?: string;
  compact?: boolean;
}) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      size="sm"
      title={compact ? label : undefined}
      className={cn(compact && 'max-sm:px-2')}
      onClick={async () => {
        await logout();
        await navigate(paths.home, { replace: true });
      }}
    >
      <LogOut className="h-4 w-4" aria-hidden />
      <span className={cn(compact && 'max-sm:sr-only')}>{label}</span>
    </Button>
  );
}
