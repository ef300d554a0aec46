/** Hindi names of states, priorities, progress states and categories (the wire values stay English). */
import type { NAMES } from '../names.js';
import type { Localized } from '../localized.js';
import { PROGRESS_NAMES_HI } from './progressNames.js';

export const NAMES_HI: Localized<typeof NAMES> = {
  states: {
    'Andhra Pradesh': 'आंध्र प्रदेश',
    'Arunachal Pradesh': 'अरुणाचल प्रदेश',
    Assam: 'असम',
    Bihar: 'बिहार',
    Chhattisgarh: 'छत्तीसगढ़',
    Goa: 'गोवा',
    Gujarat: 'गुजरात',
    Haryana: 'हरियाणा',
    'Himachal Pradesh': 'हिमाचल प्रदेश',
    Jharkhand: 'झारखंड',
    Karnataka: 'कर्नाटक',
    Kerala: 'केरल',
    'Madhya Pradesh': 'मध्य प्रदेश',
    Maharashtra: 'महाराष्ट्र',
    Manipur: 'मणिपुर',
    Meghalaya: 'मेघालय',
    Mizoram: 'मिज़ोरम',
    Nagaland: 'नागालैंड',
    Odisha: 'ओडिशा',
    Punjab: 'पंजाब',
    Rajasthan: 'राजस्थान',
    Sikkim: 'सिक्किम',
    'Tamil Nadu': 'तमिलनाडु',
    Telangana: 'तेलंगाना',
    Tripura: 'त्रिपुरा',
    'Uttar Pradesh': 'उत्तर प्रदेश',
    Uttarakhand: 'उत्तराखंड',
    'West Bengal': 'पश्चिम बंगाल',
    'Andaman and Nicobar Islands': 'अंडमान और निकोबार द्वीपसमूह',
    Chandigarh: 'चंडीगढ़',
    'Dadra and Nagar Haveli and Daman and Diu': 'दादरा और नगर हवेली और दमन और दीव',
    Delhi: 'दिल्ली',
    'Jammu and Kashmir': 'जम्मू और कश्मीर',
    Ladakh: 'लद्दाख',
    Lakshadweep: 'लक्षद्वीप',
    Puducherry: 'पुदुचेरी',
  },
  priorities: {
    Low: 'निम्न',
    Medium: 'मध्यम',
    High: 'उच्च',
    Critical: 'अति गंभीर',
  },
  progress: PROGRESS_NAMES_HI,
  currentStates: {
    'In Progress': 'प्रगति पर',
    Resolved: 'हल हो गई',
    Open: 'खुली',
  },
  categories: {
    roads: {
      name: 'सड़कें और गड्ढे',
      description: 'गड्ढे, टूटी या अधूरी सड़कें, क्षतिग्रस्त फुटपाथ और स्पीड ब्रेकर।',
    },
    garbage: {
      name: 'कचरा और सफ़ाई',
      description: 'कचरा न उठना, भरे हुए कूड़ेदान, खुली जगह पर कचरा फेंकना और सड़क पर मरे हुए जानवर।',
    },
    streetlights: {
      name: 'स्ट्रीटलाइट',
      description: 'बंद, टिमटिमाती, टूटी या दिन में जलती स्ट्रीटलाइटें।',
    },
    water: {
      name: 'जल आपूर्ति',
      description: 'पानी न आना, कम दबाव, गंदा पानी, रिसते पाइप और टूटे नल।',
    },
    drainage: {
      name: 'नाली और सीवर',
      description: 'बंद या खुली नालियाँ, उफनते सीवर, खुले मैनहोल और जलभराव।',
    },
    encroachment: {
      name: 'अतिक्रमण',
      description: 'फुटपाथ, सड़क या सार्वजनिक ज़मीन पर ठेलों, दुकानों, निर्माण या पार्किंग का कब्ज़ा।',
    },
    parks: {
      name: 'पार्क और पेड़',
      description: 'गिरे हुए या खतरनाक पेड़, उपेक्षित पार्क, टूटे झूले और पेड़ों की अवैध कटाई।',
    },
    animals: {
      name: 'आवारा पशु',
      description: 'आवारा कुत्ते, सड़क पर मवेशी, बंदर और घायल जानवर।',
    },
    traffic: {
      name: 'यातायात और सिग्नल',
      description: 'खराब सिग्नल, गायब संकेत या सड़क के निशान, खतरनाक चौराहे और ट्रैफ़िक जाम।',
    },
    toilets: {
      name: 'सार्वजनिक शौचालय',
      description: 'गंदे, बंद, टूटे या न होने वाले सार्वजनिक शौचालय और मूत्रालय।',
    },
    noise: {
      name: 'शोर',
      description: 'लाउडस्पीकर, रात में निर्माण, हॉर्न और अनुमत सीमा से ज़्यादा अन्य शोर।',
    },
    other: {
      name: 'अन्य',
      description: 'जो किसी और श्रेणी में न आए।',
    },
  },
};
