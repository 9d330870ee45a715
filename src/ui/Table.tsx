import styled from 'styled-components';

/**
 * A data table that turns into stacked cards on phones: each <td> needs a `data-label`
 * attribute naming its column.
 */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-family: ${({ theme }) => theme.fonts.ui};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space[3]} ${theme.space[3]}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
  }
  th { color: ${({ theme }) => theme.colors.muted}; font-weight: 600; }
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    thead { display: none; }
    tr {
      display: block;
      margin-bottom: ${({ theme }) => theme.space[4]};
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.md};
      background: ${({ theme }) => theme.colors.surface};
    }
    td {
      display: grid;
      grid-template-columns: 7.5rem 1fr;
      gap: ${({ theme }) => theme.space[3]};
      border-bottom: none;
    }
    td::before { content: attr(data-label); font-weight: 600; color: ${({ theme }) => theme.colors.muted}; }
  }
`;
