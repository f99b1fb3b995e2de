import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouterLinks } from '@/app/router-links';
import { PageLink } from '@/components/page-link';

describe('PageLink', () => {
  it('is a plain link on a page without the router', () => {
    render(<PageLink to="/register?next=%2Fadmin">Regístrate</PageLink>);
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute(
      'href',
      '/register?next=%2Fadmin',
    );
  });

  it('moves within the app under the router', async () => {
    const router = createMemoryRouter(
      [
        {
          element: (
            <RouterLinks>
              <PageLink to="/register">Regístrate</PageLink>
            </RouterLinks>
          ),
          path: '/login',
        },
        { path: '/register', element: <h1>Registro</h1> },
      ],
      { initialEntries: ['/login'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('link', { name: 'Regístrate' }));
    expect(await screen.findByRole('heading', { name: 'Registro' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });
});
