import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { lookupPostalCode } from '../../api/profile';

interface AddressFields {
  zipcode: string;
  prefecture: string;
  city: string;
}

/**
 * When the postal code becomes 7 digits, fills prefecture and city from the API's copy of Japan
 * Post's data. Only a code the user typed triggers it (not the loaded one), so opening the page
 * never overwrites a saved address. Returns whether the last typed code was unknown.
 */
export function usePostalFill<T extends FieldValues & AddressFields>(form: UseFormReturn<T>): boolean {
  const code = form.watch('zipcode' as Path<T>) as string | undefined;
  const isDirty = form.getFieldState('zipcode' as Path<T>).isDirty;
  const last = useRef<string | null>(null);
  const [unknown, setUnknown] = useState(false);
  useEffect(() => {
    if (!isDirty || !code || !/^\d{7}$/.test(code) || last.current === code) return;
    last.current = code;
    let live = true;
    lookupPostalCode(code)
      .then((address) => {
        if (!live) return;
        setUnknown(!address);
        if (!address) return;
        const opts = { shouldDirty: true, shouldValidate: true };
        form.setValue('prefecture' as Path<T>, address.prefecture as PathValue<T, Path<T>>, opts);
        form.setValue('city' as Path<T>, `${address.city}${address.town}` as PathValue<T, Path<T>>, opts);
      })
      .catch(() => {
        // A failed lookup leaves the fields to be typed by hand.
      });
    return () => {
      live = false;
    };
  }, [code, isDirty, form]);
  return unknown;
}
