import { paths } from '@/app/paths';
import { BrandLogo } from './brand-logo';
import { FacebookIcon, InstagramIcon, LinkedinIcon, XIcon } from './social-icons';

// Spec: these product items and the social icons have no destination yet, so they are plain text.
const productItems = ['Funciones', 'Precios', 'Integraciones', 'API'];
const socialItems = [
  { label: 'Instagram', icon: InstagramIcon },
  { label: 'Facebook', icon: FacebookIcon },
  { label: 'X (Twitter)', icon: XIcon },
  { label: 'LinkedIn', icon: LinkedinIcon },
];
const legalLinks = [
  { to: paths.legal.terms, label: 'Condiciones de Uso' },
  { to: paths.legal.privacy, label: 'Política de Privacidad' },
  { to: paths.legal.cookies, label: 'Política de Cookies' },
  { to: paths.legal.notice, label: 'Aviso Legal' },
];

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-10 md:grid-cols-4">
          <div className="col-span-2">
            <BrandLogo inverted />
            <p className="mt-4 max-w-sm text-sm">
              Control de barra libre con códigos QR para bodas, cumpleaños, eventos corporativos y festivales.
            </p>
            <ul className="mt-6 flex gap-3" aria-label="Redes sociales">
              {socialItems.map(({ label, icon: Icon }) => (
                <li key={label}>
                  <span className="flex h-9 w-9 items-center justify-center rounded-full bg-slate-800 text-slate-300">
                    <Icon className="h-4 w-4" aria-hidden />
                    <span className="sr-only">{label}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Producto</h2>
            <ul className="mt-4 space-y-3 text-sm text-slate-400">
              {productItems.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <nav aria-labelledby="footer-legal-title">
            <h2 id="footer-legal-title" className="text-sm font-semibold tracking-wide text-white uppercase">
              Legal
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              {legalLinks.map(({ to, label }) => (
                <li key={to}>
                  <a
                    href={to}
                    className="rounded-sm text-slate-200 underline-offset-4 hover:text-white hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="mt-12 border-t border-slate-800 pt-8 text-sm text-slate-400">
          © {new Date().getFullYear()} DrinkFlow. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
