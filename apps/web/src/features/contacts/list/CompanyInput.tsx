import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { companySearchStarts } from '@plankurier/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanySearch } from '../../../api/use-contacts';

interface CompanyInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
}

/**
 * 'Firma' with suggestions from the companies of the office's contacts; asks above 3 characters,
 * says 'Kein Treffer' when there is none (spec §5, §8).
 */
export function CompanyInput({ label, value, onChange, error }: CompanyInputProps) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(value.trim(), 250);
  const search = useCompanySearch(debounced);
  const starts = companySearchStarts(value) && companySearchStarts(debounced);
  const companies = search.data?.companies ?? [];
  const settled = starts && search.isSuccess && !search.isFetching && debounced === value.trim();

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(option) => {
        onChange(option);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          value={value}
          error={error}
          autoComplete="off"
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={starts && search.isFetching ? <Loader size={14} /> : null}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!starts || (!settled && companies.length === 0)}>
        <Combobox.Options>
          {companies.map((company) => (
            <Combobox.Option value={company} key={company}>
              {company}
            </Combobox.Option>
          ))}
          {settled && companies.length === 0 ? (
            <Combobox.Empty>{t('contacts.form.companyNoMatch')}</Combobox.Empty>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
