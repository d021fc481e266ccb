import type { MyProfile } from '@portal/api-client/core';

/** A loaded change-info store, as GET members/me/profile answers it. */
export function profileFixture(over: Partial<MyProfile['info']> = {}): MyProfile {
  return {
    info: {
      id: 7,
      employee_number: 'E0007',
      email: 'hanako@example.com',
      company_name: '株式会社さくら精機',
      second_email: 'sub@example.com',
      third_email: '',
      last_login_at: null,
      ...over,
    },
    profile: {
      last_name: '鈴木',
      first_name: '花子',
      last_name_kana: 'すずき',
      first_name_kana: 'はなこ',
      email_option: 0,
      self_introduction: '',
      avatar: null,
      avatar_small: null,
      avatar_file_name: null,
    },
    company_info: {
      company_info_display_option: 0,
      department: '',
      job_title: '',
      zipcode: '',
      prefecture: '',
      city: '',
      other_address: '',
      building_name: '',
      phone: '',
      url: '',
    },
    personal_info: {
      gender: 0,
      birthday_year: null,
      birthday_month: null,
      birthday_day: null,
      birthday_option: 0,
      nearest_station: '',
      zipcode: '',
      prefecture: '',
      prefecture_option: 0,
      city: '',
      other_address: '',
      building_name: '',
      phones: [],
      urls: [],
    },
  };
}
